/**
 * The VoxAlert voice players (VA-100, VA-200, VA-300) and the PlateSight PS-IO4 relay box:
 * front and rear, with call-outs naming the parts an installer looks for.
 */
import {
  callout,
  dcJack,
  FONT,
  frame,
  led,
  mac,
  microSd,
  ratingLabel,
  rca,
  rj45,
  screw,
  terminals,
  text,
} from './parts';

const W = 1600;
const H = 1200;
const VOX = '#e4572e';

function voxLogo(x: number, y: number, size: number, dark = '#1d2733'): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="800" fill="${dark}" text-anchor="middle">Vox<tspan fill="${VOX}">Alert</tspan></text>`;
}

function pirDome(x: number, y: number, r: number): string {
  const rings = [0.8, 0.6, 0.4, 0.2]
    .map((f) => `<circle cx="${x}" cy="${y}" r="${r * f}" fill="none" stroke="#c9ced4" stroke-width="1.5"/>`)
    .join('');
  const spokes = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<path d="M${x + r * 0.2 * Math.cos(a)} ${y + r * 0.2 * Math.sin(a)}L${x + r * Math.cos(a)} ${y + r * Math.sin(a)}" stroke="#cfd4da" stroke-width="1.2"/>`;
  }).join('');
  return `<g><circle cx="${x}" cy="${y}" r="${r + 10}" fill="#d6dade" stroke="#b0b7be" stroke-width="2"/>
<circle cx="${x}" cy="${y}" r="${r}" fill="url(#pir)" stroke="#aab1b9"/>${rings}${spokes}
<ellipse cx="${x - r * 0.35}" cy="${y - r * 0.4}" rx="${r * 0.25}" ry="${r * 0.12}" fill="#fff" opacity="0.8"/></g>`;
}

function dial(x: number, y: number, r: number, positions: number, pointing: number): string {
  const ticks = Array.from({ length: positions }, (_, i) => {
    const a = -Math.PI * 0.75 + (i * Math.PI * 1.5) / (positions - 1);
    const tx = x + (r + 20) * Math.cos(a);
    const ty = y + (r + 20) * Math.sin(a) + 6;
    return text(tx, ty, String(i + 1), { size: 16, fill: '#3a4550', weight: 700 });
  }).join('');
  const a = -Math.PI * 0.75 + (pointing * Math.PI * 1.5) / (positions - 1);
  return `<g>${ticks}<circle cx="${x}" cy="${y}" r="${r}" fill="url(#metal)" stroke="#7a838c" stroke-width="2"/>
<circle cx="${x}" cy="${y}" r="${r * 0.75}" fill="#e9ecef" stroke="#b3bac1"/>
<path d="M${x} ${y}L${x + r * 0.85 * Math.cos(a)} ${y + r * 0.85 * Math.sin(a)}" stroke="${VOX}" stroke-width="5" stroke-linecap="round"/></g>`;
}

function button(x: number, y: number, r: number, glyph: string): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="#f2f4f6" stroke="#9aa2ab" stroke-width="2"/>
<circle cx="${x}" cy="${y}" r="${r - 5}" fill="#f4f6f8"/>${text(x, y + 8, glyph, { size: 24, fill: '#2a333d', weight: 800 })}</g>`;
}

function keyhole(x: number, y: number): string {
  return `<g><circle cx="${x}" cy="${y}" r="13" fill="#2b3036"/><rect x="${x - 6}" y="${y}" width="12" height="26" rx="6" fill="#2b3036"/></g>`;
}

export function va100Front(): string {
  const x = 580;
  const y = 260;
  const body = `
<rect x="${x}" y="${y}" width="440" height="600" rx="38" fill="#f4f6f8" stroke="#b8bfc6" stroke-width="3"/>
<rect x="${x + 10}" y="${y + 10}" width="420" height="580" rx="30" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.9"/>
${voxLogo(800, y + 70, 38)}
<circle cx="800" cy="${y + 220}" r="142" fill="#e6e9ec" stroke="#c4cad0" stroke-width="3"/>
<circle cx="800" cy="${y + 220}" r="128" fill="url(#grille-fine)"/>
<circle cx="800" cy="${y + 220}" r="128" fill="none" stroke="#bcc3ca" stroke-width="2"/>
${led(960, y + 52, 'green')}
${pirDome(800, y + 430, 56)}
${dial(690, y + 530, 30, 8, 2)}
${button(880, y + 530, 26, '−')}${button(945, y + 530, 26, '+')}
${text(800, y + 585, 'VA-100', { size: 16, fill: '#7a848e', weight: 700, spacing: 3 })}
${callout(700, y + 180, 420, y + 120, '5 W speaker', 'up to 85 dB at 1 m')}
${callout(760, y + 430, 420, y + 400, 'PIR motion sensor', '12 m range, 90°')}
${callout(672, y + 540, 420, y + 640, 'Message dial', 'chooses 1 of 8 messages')}
${callout(960, y + 52, 1180, y + 60, 'Status light', 'green: ready, flashes: playing')}
${callout(912, y + 530, 1180, y + 560, 'Volume − / +', '30 steps')}
`;
  return frame(W, H, 'VA-100 front', body, { x: 800, y: y + 625, w: 520 });
}

export function va100Rear(): string {
  const x = 580;
  const y = 260;
  const body = `
<rect x="${x}" y="${y}" width="440" height="600" rx="38" fill="#d9dde1" stroke="#a9b0b8" stroke-width="3"/>
${[0, 1].map((i) => keyhole(700 + i * 200, y + 70)).join('')}
${[
  [x + 40, y + 40],
  [x + 400, y + 40],
  [x + 40, y + 560],
  [x + 400, y + 560],
]
  .map(([sx, sy]) => screw(sx as number, sy as number, 9))
  .join('')}
${ratingLabel(650, y + 120, 300, ['VoxAlert VA-100', 'INPUT 12V DC 1A', 'S/N VA100-0004127', 'IP20 · INDOOR USE ONLY'], 41)}
<rect x="630" y="${y + 300}" width="340" height="210" rx="14" fill="#b9bfc5" stroke="#8d959d" stroke-width="2"/>
${terminals(645, y + 330, ['+12V', '0V', 'TRIG', 'COM'], { pitch: 46, labelFill: '#1d2733', labelAbove: false, labelSize: 15 })}
${dcJack(900, y + 360, '12V', '#1d2733')}
${microSd(720, y + 470, '#1d2733')}
<g>${[0, 1, 2].map((i) => `<rect x="${860 + i * 16}" y="${y + 452}" width="10" height="10" fill="url(#gold)"/>`).join('')}
<rect x="858" y="${y + 448}" width="30" height="18" rx="2" fill="#1a1d21" opacity="0.85"/>
${text(884, y + 490, 'NO · NC', { size: 14, fill: '#1d2733' })}</g>
<circle cx="800" cy="${y + 548}" r="22" fill="none" stroke="#7d858e" stroke-width="2.5" stroke-dasharray="6 5"/>
${callout(700, y + 70, 420, y + 70, 'Keyhole slots', 'hang on two No. 6 screws')}
${callout(690, y + 370, 420, y + 330, 'Terminals', '12 V supply and trigger input')}
${callout(720, y + 470, 420, y + 470, 'microSD card slot', 'up to 32 GB, FAT32')}
${callout(900, y + 360, 1180, y + 320, '12 V DC socket', 'adaptor included')}
${callout(874, y + 456, 1180, y + 450, 'Trigger jumper', 'normally open or closed')}
${callout(800, y + 548, 1180, y + 560, 'Cable knock-out')}
${callout(800, y + 150, 1180, y + 170, 'Rating label')}
`;
  return frame(W, H, 'VA-100 rear', body, { x: 800, y: y + 625, w: 520 });
}

export function va200Front(): string {
  const x = 560;
  const y = 230;
  const horn = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="${620 + i * 26}" y="${y + 90 + i * 16}" width="${360 - i * 52}" height="${220 - i * 32}" rx="${30 - i * 4}" fill="${['#15181c', '#1d2126', '#252a30', '#2d333a', '#353c44'][i]}"/>`,
    )
    .join('');
  const body = `
<path d="M${x - 24} ${y + 10}H${x + 504}L${x + 480} ${y + 60}H${x}Z" fill="#aeb5bc" stroke="#838b94" stroke-width="2"/>
<rect x="${x}" y="${y + 50}" width="480" height="640" rx="22" fill="#a9b0b7" stroke="#6f7780" stroke-width="3"/>
${horn}
<circle cx="800" cy="${y + 200}" r="34" fill="#0c0e10" stroke="#4b535c" stroke-width="3"/>
<circle cx="800" cy="${y + 200}" r="14" fill="#3b424a"/>
${pirDome(800, y + 430, 62)}
${led(930, y + 345, 'green')}
${voxLogo(800, y + 600, 40, '#1d2733')}
${text(800, y + 640, 'VA-200 · IP65', { size: 16, fill: '#2c353f', weight: 700, spacing: 3 })}
${[
  [x + 30, y + 80],
  [x + 450, y + 80],
  [x + 30, y + 660],
  [x + 450, y + 660],
]
  .map(([sx, sy]) => screw(sx as number, sy as number, 10))
  .join('')}
${callout(680, y + 150, 400, y + 120, '15 W horn speaker', 'up to 105 dB at 1 m')}
${callout(780, y + 440, 400, y + 420, 'PIR motion sensor', '15 m range, 100°')}
${callout(560, y + 30, 400, y + 20, 'Rain hood')}
${callout(930, y + 345, 1200, y + 330, 'Status light')}
${callout(1010, y + 660, 1200, y + 640, 'Stainless cover screws', 'four, captive')}
`;
  return frame(W, H, 'VA-200 front', body, { x: 800, y: y + 705, w: 560 });
}

export function va200Rear(): string {
  const x = 300;
  const ix = 860;
  const y = 230;
  const body = `
<rect x="${x}" y="${y + 50}" width="480" height="640" rx="22" fill="#9aa2aa" stroke="#6f7780" stroke-width="3"/>
<rect x="${x + 90}" y="${y + 130}" width="300" height="420" rx="10" fill="#8a929a" stroke="#6a727a" stroke-width="2"/>
${[
  [x + 120, y + 160],
  [x + 360, y + 160],
  [x + 120, y + 520],
  [x + 360, y + 520],
]
  .map(
    ([sx, sy]) =>
      `<circle cx="${sx}" cy="${sy}" r="14" fill="#2b3036"/><circle cx="${sx}" cy="${sy}" r="7" fill="#15181b"/>`,
  )
  .join('')}
${ratingLabel(x + 110, y + 270, 260, ['VoxAlert VA-200', 'INPUT 12V DC 2A', 'S/N VA200-0002211', 'IP65 · -20 to +50 °C'], 77)}
${[0, 1]
  .map(
    (i) => `<g><rect x="${x + 150 + i * 130}" y="${y + 640}" width="56" height="60" rx="6" fill="#1b1e22"/>
<rect x="${x + 140 + i * 130}" y="${y + 690}" width="76" height="26" rx="4" fill="#23272c"/>
<circle cx="${x + 178 + i * 130}" cy="${y + 730}" r="10" fill="#0c0d0f"/></g>`,
  )
  .join('')}
${callout(x + 120, y + 160, x + 40, y + 20, 'Wall fixing holes', 'four, 6 mm')}
${callout(x + 178, y + 720, x + 40, y + 800, 'Cable glands', 'M16, for 4 to 8 mm cable')}
<rect x="${ix - 40}" y="${y + 40}" width="720" height="720" rx="18" fill="#ffffff" stroke="#c2c8ce" stroke-width="2"/>
${text(ix + 320, y + 90, 'Under the front cover', { size: 28, fill: '#14202e', weight: 800 })}
<rect x="${ix}" y="${y + 120}" width="640" height="600" rx="10" fill="#1f6b3a" stroke="#134a27" stroke-width="2"/>
${Array.from({ length: 18 }, (_, i) => `<circle cx="${ix + 30 + (i % 9) * 72}" cy="${y + 690 - Math.floor(i / 9) * 20}" r="3" fill="#c9a646"/>`).join('')}
${terminals(ix + 30, y + 200, ['+12V', '0V', 'T1', 'T2', 'COM', 'NO', 'C', 'NC'], { pitch: 46, labelFill: '#ffffff', labelAbove: false, labelSize: 16, colour: '#2f8f4e' })}
${text(ix + 34, y + 180, 'SUPPLY', { size: 16, fill: '#d8efe0', anchor: 'start' })}
${text(ix + 34 + 2 * 46, y + 180, 'TRIGGERS', { size: 16, fill: '#d8efe0', anchor: 'start' })}
${text(ix + 34 + 5 * 46, y + 180, 'RELAY OUT', { size: 16, fill: '#d8efe0', anchor: 'start' })}
<g transform="translate(${ix + 40} ${y + 400})">
<rect width="200" height="70" rx="6" fill="#c0392b"/>
${[0, 1, 2, 3].map((i) => `<rect x="${18 + i * 45}" y="12" width="26" height="46" rx="3" fill="#f4f4f4"/><rect x="${21 + i * 45}" y="${i % 2 ? 34 : 15}" width="20" height="20" rx="2" fill="#2a2f35"/>${text(31 + i * 45, 92, String(i + 1), { size: 16, fill: '#ffffff' })}`).join('')}
</g>
${text(ix + 140, y + 530, 'DIP: PIR on, day/night, lockout', { size: 15, fill: '#d8efe0' })}
${microSd(ix + 330, y + 420, '#ffffff')}
${button(ix + 480, y + 420, 26, '−')}${button(ix + 550, y + 420, 26, '+')}
${text(ix + 515, y + 476, 'VOLUME', { size: 15, fill: '#ffffff' })}
<circle cx="${ix + 515}" cy="${y + 580}" r="24" fill="#2d5aa8" stroke="#173466" stroke-width="2"/>
<path d="M${ix + 502} ${y + 580}H${ix + 528}" stroke="#ffffff" stroke-width="4"/>
${text(ix + 515, y + 630, 'MAX VOL', { size: 15, fill: '#ffffff' })}
${led(ix + 330, y + 580, 'green', 'READY', '#ffffff')}
`;
  return frame(W, H, 'VA-200 rear and terminals', body, { x: x + 240, y: y + 705, w: 560 });
}

interface DinModule {
  title: string;
  logo: string;
  model: string;
  /** Width in pixels of the module face. */
  width: number;
  topTerminals: string[];
  bottomTerminals: string[];
  face: (x: number, y: number, w: number, h: number) => string;
}

function dinFront(m: DinModule, extras = ''): string {
  const x = (W - m.width) / 2;
  const y = 240;
  const h = 720;
  const shoulder = 170;
  const pitch = Math.min(46, (m.width - 40) / Math.max(m.topTerminals.length, m.bottomTerminals.length));
  const block = (labels: string[], ty: number) =>
    terminals(x + (m.width - labels.length * pitch - 8) / 2, ty, labels, {
      pitch,
      labelFill: '#1d2733',
      labelAbove: ty < y + h / 2,
      labelSize: 15,
    });
  const body = `
<rect x="${x}" y="${y}" width="${m.width}" height="${h}" rx="12" fill="#dfe2e5" stroke="#9ea6ae" stroke-width="3"/>
<rect x="${x + 40}" y="${y + shoulder}" width="${m.width - 80}" height="${h - 2 * shoulder}" rx="14" fill="#f4f6f8" stroke="#9ea6ae" stroke-width="3"/>
${block(m.topTerminals, y + 70)}
${block(m.bottomTerminals, y + h - 150)}
${m.face(x + 40, y + shoulder, m.width - 80, h - 2 * shoulder)}
${extras}
`;
  return frame(W, H, m.title, body, { x: 800, y: y + h + 20, w: m.width + 60 });
}

function dinRear(m: DinModule, label: string[], table: [string, string][]): string {
  const x = (W - m.width) / 2;
  const y = 240;
  const h = 720;
  const rows = table
    .map(
      ([term, use], i) =>
        `${text(x + 90, y + 420 + i * 28, term, { size: 18, fill: '#1a1a1a', anchor: 'start', weight: 700 })}${text(x + 230, y + 420 + i * 28, use, { size: 18, fill: '#1a1a1a', anchor: 'start', weight: 500 })}`,
    )
    .join('');
  const body = `
<rect x="${x}" y="${y}" width="${m.width}" height="${h}" rx="12" fill="#c9cdd1" stroke="#8f979f" stroke-width="3"/>
<rect x="${x}" y="${y + 110}" width="${m.width}" height="54" fill="#a9afb5"/>
<rect x="${x}" y="${y + 116}" width="${m.width}" height="8" fill="#8e959c"/>
<rect x="${x}" y="${y + 150}" width="${m.width}" height="8" fill="#8e959c"/>
${text(x + m.width - 20, y + 145, '35 mm DIN rail channel', { size: 16, fill: '#2a323b', anchor: 'end' })}
<rect x="${x + m.width / 2 - 60}" y="${y + h - 36}" width="120" height="56" rx="8" fill="#e65c2d" stroke="#a63d18" stroke-width="2"/>
<rect x="${x + m.width / 2 - 12}" y="${y + h + 2}" width="24" height="12" rx="3" fill="#a63d18"/>
${screw(x + 40, y + 60, 12)}${screw(x + m.width - 40, y + 60, 12)}
${ratingLabel(x + 60, y + 210, 360, label, m.width)}
<rect x="${x + 70}" y="${y + 380}" width="${m.width - 140}" height="${table.length * 28 + 30}" rx="6" fill="#f4f2ea" stroke="#b7b3a6"/>
${rows}
${callout(x + m.width / 2, y + h, x + m.width + 60, y + h - 20, 'DIN clip', 'pull down to release')}
${callout(x + 40, y + 60, x - 60, y + 40, 'Screw holes', 'to fix without a rail')}
${callout(x + m.width - 100, y + 400, x + m.width + 60, y + 400, 'Wiring label')}
`;
  return frame(W, H, `${m.model} rear`, body, { x: 800, y: y + h + 20, w: m.width + 60 });
}

const va300: DinModule = {
  title: 'VA-300 front',
  logo: 'VoxAlert',
  model: 'VA-300',
  width: 860,
  topTerminals: ['IN1', 'IN2', 'IN3', 'IN4', 'COM', '+12V', '0V'],
  bottomTerminals: ['S1+', 'S1−', 'S2+', 'S2−', 'NO', 'C', 'NC'],
  face: (x, y, w) => {
    const lights = [0, 1, 2, 3]
      .map(
        (i) =>
          `${led(x + 90 + i * 110, y + 150, i === 1 ? 'amber' : 'off', `IN${i + 1}`, '#1d2733')}${button(x + 90 + i * 110, y + 230, 24, '▶')}`,
      )
      .join('');
    return `${voxLogo(x + 150, y + 70, 36)}
${text(x + w - 40, y + 66, 'VA-300 TRIGGER PLAYER', { size: 18, fill: '#56606b', anchor: 'end', weight: 700, spacing: 2 })}
${lights}
${led(x + w - 160, y + 150, 'green', 'PWR', '#1d2733')}${led(x + w - 70, y + 150, 'amber', 'PLAY', '#1d2733')}
${microSd(x + w - 115, y + 240, '#1d2733')}
${text(x + 90 + 165, y + 290, 'TEST: plays the input’s message', { size: 15, fill: '#56606b' })}
${rca(x + w - 115, y + 320, '#d23a3a', 'LINE OUT', '#1d2733')}`;
  },
};

export function va300Front(): string {
  const x = (W - va300.width) / 2;
  return dinFront(
    va300,
    `${callout(x + 300, 330, x - 40, 150, 'Trigger inputs', 'dry contact or 12 V pulse')}
${callout(x + 300, 840, x - 40, 1010, 'Speaker outputs', '2 × 8 Ω, 30 W total')}
${callout(x + 520, 840, x + 900, 1010, 'Relay output', 'strobe while playing')}
${callout(x + 130, 560, x - 40, 560, 'Input lights')}
${callout(x + 745, 630, x + 900, 640, 'Line out', '0 dBV RCA')}`,
  );
}

export function va300Rear(): string {
  return dinRear(
    { ...va300, title: 'VA-300 rear' },
    ['VoxAlert VA-300', 'INPUT 12V DC 3A', 'S/N VA300-0000845', 'IP20 · INDOOR USE ONLY'],
    [
      ['IN1-IN4', 'Trigger, to COM (N.O. or N.C.)'],
      ['+12V 0V', 'Supply, 12 V DC 3 A'],
      ['S1 S2', 'Speakers, 8 Ω each'],
      ['NO C NC', 'Relay, 1 A at 30 V DC'],
    ],
  );
}

const psio4: DinModule = {
  title: 'PS-IO4 front',
  logo: 'PlateSight',
  model: 'PS-IO4',
  width: 640,
  topTerminals: ['1NO', '1C', '2NO', '2C', '3NO', '3C', '4NO', '4C'],
  bottomTerminals: ['IN1', 'IN2', 'IN3', 'IN4', 'COM', '+V', '0V'],
  face: (x, y, w) => {
    const relays = [0, 1, 2, 3]
      .map((i) => led(x + 70 + i * 70, y + 140, i === 0 ? 'amber' : 'off', `R${i + 1}`, '#1d2733'))
      .join('');
    const inputs = [0, 1, 2, 3]
      .map((i) => led(x + 70 + i * 70, y + 230, i === 2 ? 'green' : 'off', `I${i + 1}`, '#1d2733'))
      .join('');
    return `<text x="${x + 30}" y="${y + 64}" font-family="${FONT}" font-size="32" font-weight="800" fill="#1d2733">Plate<tspan fill="#d89b00">Sight</tspan></text>
${text(x + w - 30, y + 62, 'PS-IO4', { size: 22, fill: '#56606b', anchor: 'end', weight: 800 })}
${relays}${inputs}
${led(x + w - 60, y + 140, 'green', 'PWR', '#1d2733')}
<circle cx="${x + w - 60}" cy="${y + 230}" r="9" fill="#20242a"/>${text(x + w - 60, y + 262, 'RESET', { size: 14, fill: '#1d2733' })}
${rj45(x + w / 2 + 40, y + 310)}
${text(x + w / 2 + 120, y + 318, 'LAN / PoE', { size: 15, fill: '#1d2733', anchor: 'start' })}`;
  },
};

export function psio4Front(): string {
  const x = (W - psio4.width) / 2;
  return dinFront(
    psio4,
    `${callout(x + 200, 330, x - 40, 150, 'Relay outputs 1-4', 'volt-free, 2 A at 30 V DC')}
${callout(x + 200, 840, x - 40, 1010, 'Inputs 1-4', 'opto-isolated, 5 to 24 V')}
${callout(x + 110, 550, x - 40, 520, 'Relay and input lights')}
${callout(x + 360, 720, x + 720, 760, 'Network', 'PoE 802.3af or 12-24 V DC')}`,
  );
}

export function psio4Rear(): string {
  return dinRear(
    { ...psio4, title: 'PS-IO4 rear' },
    ['PlateSight PS-IO4', 'PoE 802.3af / 12-24V DC 3W', 'S/N PSIO4-0001930', `MAC ${mac(0x10930)}`],
    [
      ['1-4 NO C', 'Relays: barrier, gate'],
      ['IN1-IN4', 'Loops, buttons'],
      ['+V 0V', '12-24 V DC'],
    ],
  );
}

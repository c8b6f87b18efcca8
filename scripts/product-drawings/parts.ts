/**
 * Drawing parts for the product pictures (scripts/make-product-images.ts): connectors, lights,
 * vents and labels, each as an SVG fragment in the 1600-pixel-wide coordinates of a picture.
 * Sizes follow the real parts roughly to scale beside each other (a BNC nut is about as wide as
 * an RJ45 socket), so a magnified picture reads like a photograph of the panel.
 */

export const FONT = "'DejaVu Sans', 'Segoe UI', Arial, sans-serif";
export const MONO = "'DejaVu Sans Mono', Consolas, monospace";

/** Shared gradients and patterns; every picture puts this in its <defs>. */
export const defs = `
<linearGradient id="metal" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#f4f6f8"/><stop offset="0.45" stop-color="#c9cfd6"/><stop offset="1" stop-color="#8d959f"/>
</linearGradient>
<radialGradient id="nut" cx="0.4" cy="0.35" r="0.75">
  <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#c3c9d0"/><stop offset="1" stop-color="#6f7882"/>
</radialGradient>
<radialGradient id="gold" cx="0.4" cy="0.35" r="0.7">
  <stop offset="0" stop-color="#fff3b0"/><stop offset="0.6" stop-color="#d9a93a"/><stop offset="1" stop-color="#8a6414"/>
</radialGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
</radialGradient>
<radialGradient id="lens" cx="0.4" cy="0.35" r="0.7">
  <stop offset="0" stop-color="#8fa7c4"/><stop offset="0.35" stop-color="#1f2c3d"/><stop offset="1" stop-color="#05080c"/>
</radialGradient>
<radialGradient id="pir" cx="0.45" cy="0.35" r="0.7">
  <stop offset="0" stop-color="#ffffff"/><stop offset="0.7" stop-color="#e7e9ec"/><stop offset="1" stop-color="#b8bec5"/>
</radialGradient>
<pattern id="grille" width="14" height="14" patternUnits="userSpaceOnUse">
  <circle cx="7" cy="7" r="3.4" fill="#1b1f24"/>
</pattern>
<pattern id="grille-fine" width="10" height="10" patternUnits="userSpaceOnUse">
  <circle cx="5" cy="5" r="2.3" fill="#2a2f35"/>
</pattern>
<filter id="glow" x="-100%" y="-100%" width="300%" height="300%">
  <feGaussianBlur stdDeviation="5"/>
</filter>
`;

export const LED = {
  green: '#35e36b',
  amber: '#ffb020',
  red: '#ff3b3b',
  blue: '#3aa0ff',
  off: '#4a5058',
} as const;
export type LedColour = keyof typeof LED;

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function text(
  x: number,
  y: number,
  value: string,
  {
    size = 16,
    fill = '#ffffff',
    anchor = 'middle',
    weight = 600,
    family = FONT,
    spacing = 0,
  }: {
    size?: number;
    fill?: string;
    anchor?: 'start' | 'middle' | 'end';
    weight?: number;
    family?: string;
    spacing?: number;
  } = {},
): string {
  const letter = spacing ? ` letter-spacing="${spacing}"` : '';
  return `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${letter}>${esc(value)}</text>`;
}

/** A lit (or unlit) indicator light with a soft glow and its label beneath. */
export function led(x: number, y: number, colour: LedColour, label?: string, labelFill = '#d5dae0'): string {
  const lit = colour !== 'off';
  return `<g>
${lit ? `<circle cx="${x}" cy="${y}" r="9" fill="${LED[colour]}" opacity="0.75" filter="url(#glow)"/>` : ''}
<circle cx="${x}" cy="${y}" r="6" fill="${LED[colour]}" stroke="#111" stroke-width="1.5"/>
${lit ? `<circle cx="${x - 2}" cy="${y - 2}" r="2" fill="#ffffff" opacity="0.8"/>` : ''}
${label ? text(x, y + 28, label, { size: 14, fill: labelFill }) : ''}
</g>`;
}

export function screw(x: number, y: number, r = 7): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="url(#nut)" stroke="#3d434a" stroke-width="1"/>
<path d="M${x - r * 0.6} ${y}H${x + r * 0.6}M${x} ${y - r * 0.6}V${y + r * 0.6}" stroke="#454b52" stroke-width="1.6"/></g>`;
}

/** Slanted ventilation slots filling a box. */
export function vents(x: number, y: number, w: number, h: number, fill = '#0d0f12', pitch = 14): string {
  const slots: string[] = [];
  for (let sx = x; sx + 6 <= x + w; sx += pitch)
    slots.push(`<rect x="${sx}" y="${y}" width="6" height="${h}" rx="3" fill="${fill}"/>`);
  return `<g>${slots.join('')}</g>`;
}

/** A BNC socket seen face-on: hex nut, bayonet barrel, white insulator and the gold centre pin. */
export function bnc(x: number, y: number, label?: string, labelFill = '#ffffff'): string {
  const hex = Array.from({ length: 6 }, (_, i) => {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    return `${(x + 27 * Math.cos(a)).toFixed(1)},${(y + 27 * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
  return `<g>
<polygon points="${hex}" fill="url(#nut)" stroke="#4a5058" stroke-width="1.5"/>
<circle cx="${x}" cy="${y}" r="19" fill="url(#metal)" stroke="#59616a" stroke-width="1.5"/>
<rect x="${x - 23}" y="${y - 3}" width="6" height="6" rx="2" fill="#aab1b8" stroke="#59616a"/>
<rect x="${x + 17}" y="${y - 3}" width="6" height="6" rx="2" fill="#aab1b8" stroke="#59616a"/>
<circle cx="${x}" cy="${y}" r="13" fill="#2b2f35"/>
<circle cx="${x}" cy="${y}" r="9" fill="#f1efe6"/>
<circle cx="${x}" cy="${y}" r="3.2" fill="url(#gold)"/>
${label ? text(x, y + 48, label, { size: 16, fill: labelFill, weight: 700 }) : ''}
</g>`;
}

/** An RJ45 socket with its latch slot, eight gold contacts and the two link lights. */
export function rj45(x: number, y: number, { poe = false, lit = true } = {}): string {
  const w = 62;
  const h = 52;
  const l = x - w / 2;
  const t = y - h / 2;
  const pins = Array.from(
    { length: 8 },
    (_, i) => `<rect x="${l + 11 + i * 5.4}" y="${t + 9}" width="2.6" height="12" fill="url(#gold)"/>`,
  ).join('');
  return `<g>
<rect x="${l - 4}" y="${t - 4}" width="${w + 8}" height="${h + 8}" rx="3" fill="url(#metal)" stroke="#59616a"/>
<path d="M${l} ${t}H${l + w}V${t + h - 14}H${l + w - 16}V${t + h}H${l + 16}V${t + h - 14}H${l}Z" fill="#111417"/>
${pins}
<rect x="${l + 2}" y="${t + h + 6}" width="10" height="6" rx="1" fill="${lit ? LED.green : LED.off}"/>
<rect x="${l + w - 12}" y="${t + h + 6}" width="10" height="6" rx="1" fill="${lit ? LED.amber : LED.off}"/>
${poe ? `<rect x="${l - 4}" y="${t - 12}" width="${w + 8}" height="5" fill="#ff8a00"/>` : ''}
</g>`;
}

export function hdmi(x: number, y: number, label = 'HDMI', labelFill = '#ffffff'): string {
  return `<g>
<path d="M${x - 40} ${y - 14}H${x + 40}V${y + 2}L${x + 30} ${y + 14}H${x - 30}L${x - 40} ${y + 2}Z" fill="url(#metal)" stroke="#59616a" stroke-width="1.5"/>
<path d="M${x - 34} ${y - 9}H${x + 34}V${y}L${x + 26} ${y + 8}H${x - 26}L${x - 34} ${y}Z" fill="#111417"/>
<rect x="${x - 28}" y="${y - 5}" width="56" height="6" fill="#2f3338"/>
${Array.from({ length: 10 }, (_, i) => `<rect x="${x - 26 + i * 5.5}" y="${y - 4.5}" width="2.5" height="5" fill="url(#gold)"/>`).join('')}
${text(x, y + 38, label, { size: 16, fill: labelFill, weight: 700 })}
</g>`;
}

export function vga(x: number, y: number, label = 'VGA', labelFill = '#ffffff'): string {
  const holes: string[] = [];
  const row = (n: number, cy: number, start: number) => {
    for (let i = 0; i < n; i++)
      holes.push(`<circle cx="${start + i * 11}" cy="${cy}" r="2.6" fill="#0b0d10"/>`);
  };
  row(5, y - 9, x - 22);
  row(5, y, x - 22 + 2);
  row(5, y + 9, x - 22 + 4);
  return `<g>
<rect x="${x - 62}" y="${y - 24}" width="124" height="48" rx="4" fill="url(#metal)" stroke="#59616a"/>
<circle cx="${x - 48}" cy="${y}" r="7" fill="url(#nut)" stroke="#59616a"/><circle cx="${x - 48}" cy="${y}" r="3" fill="#222"/>
<circle cx="${x + 48}" cy="${y}" r="7" fill="url(#nut)" stroke="#59616a"/><circle cx="${x + 48}" cy="${y}" r="3" fill="#222"/>
<path d="M${x - 34} ${y - 17}H${x + 34}L${x + 29} ${y + 17}H${x - 29}Z" fill="#1d4f9c" stroke="#0f2d5a" stroke-width="2"/>
${holes.join('')}
${text(x, y + 48, label, { size: 16, fill: labelFill, weight: 700 })}
</g>`;
}

export function usb(x: number, y: number, { v3 = false, vertical = false } = {}): string {
  const [w, h] = vertical ? [20, 46] : [46, 20];
  const tongue = vertical
    ? `<rect x="${x - 2}" y="${y - 17}" width="8" height="34" fill="${v3 ? '#1f6fd1' : '#f3f3f3'}"/>`
    : `<rect x="${x - 17}" y="${y - 2}" width="34" height="8" fill="${v3 ? '#1f6fd1' : '#f3f3f3'}"/>`;
  return `<g>
<rect x="${x - w / 2 - 3}" y="${y - h / 2 - 3}" width="${w + 6}" height="${h + 6}" rx="2" fill="url(#metal)" stroke="#59616a"/>
<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" fill="#0e1013"/>
${tongue}
</g>`;
}

/** An RCA (phono) socket with its coloured insulator ring. */
export function rca(x: number, y: number, ring: string, label?: string, labelFill = '#ffffff'): string {
  return `<g>
<circle cx="${x}" cy="${y}" r="17" fill="${ring}" stroke="#222" stroke-width="1.5"/>
<circle cx="${x}" cy="${y}" r="11" fill="url(#metal)" stroke="#555"/>
<circle cx="${x}" cy="${y}" r="5" fill="#16191d"/>
<circle cx="${x}" cy="${y}" r="2" fill="url(#gold)"/>
${label ? text(x, y + 36, label, { size: 14, fill: labelFill, weight: 700 }) : ''}
</g>`;
}

export function dcJack(x: number, y: number, label: string, labelFill = '#ffffff'): string {
  return `<g>
<circle cx="${x}" cy="${y}" r="20" fill="url(#nut)" stroke="#4a5058" stroke-width="1.5"/>
<circle cx="${x}" cy="${y}" r="13" fill="#121417"/>
<circle cx="${x}" cy="${y}" r="4" fill="url(#metal)"/>
${text(x, y + 44, label, { size: 16, fill: labelFill, weight: 700 })}
<g transform="translate(${x - 22} ${y + 54})" stroke="${labelFill}" stroke-width="2" fill="none">
<circle cx="8" cy="8" r="6"/><circle cx="8" cy="8" r="1.5" fill="${labelFill}"/><path d="M14 8H22M30 8H36M-6 8H2"/>
<path d="M22 3A5 5 0 1 1 22 13" /><text x="30" y="4" font-size="10" stroke="none" fill="${labelFill}" font-family="${FONT}">+</text>
</g>
</g>`;
}

/** An IEC C14 mains inlet beside a rocker switch. */
export function mainsInlet(x: number, y: number, labelFill = '#ffffff'): string {
  return `<g>
<rect x="${x - 44}" y="${y - 34}" width="88" height="68" rx="6" fill="#17191c" stroke="#000" stroke-width="2"/>
<path d="M${x - 32} ${y - 22}H${x + 32}V${y + 10}L${x + 20} ${y + 24}H${x - 20}L${x - 32} ${y + 10}Z" fill="#060708"/>
<rect x="${x - 22}" y="${y - 6}" width="7" height="18" fill="url(#metal)"/>
<rect x="${x + 15}" y="${y - 6}" width="7" height="18" fill="url(#metal)"/>
<rect x="${x - 3.5}" y="${y - 18}" width="7" height="18" fill="url(#metal)"/>
<rect x="${x + 58}" y="${y - 30}" width="40" height="60" rx="4" fill="#17191c" stroke="#000"/>
<path d="M${x + 62} ${y - 26}H${x + 94}V${y}H${x + 62}Z" fill="#b52020"/>
<path d="M${x + 62} ${y}H${x + 94}V${y + 26}H${x + 62}Z" fill="#2a0808"/>
<text x="${x + 78}" y="${y - 8}" font-family="${FONT}" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">I</text>
${text(x + 20, y + 60, '100-240V~ 50/60Hz', { size: 14, fill: labelFill })}
</g>`;
}

/** A two-piece screw terminal block; `labels` run left to right above the screws. */
export function terminals(
  x: number,
  y: number,
  labels: string[],
  { colour = '#2f8f4e', pitch = 26, labelFill = '#ffffff', labelAbove = true, labelSize = 12 } = {},
): string {
  const w = labels.length * pitch + 8;
  const h = Math.max(48, pitch * 1.6);
  const cells = labels
    .map((label, i) => {
      const cx = x + 4 + pitch / 2 + i * pitch;
      return `<rect x="${cx - pitch / 2 + 2}" y="${y + 4}" width="${pitch - 4}" height="${h * 0.33}" rx="2" fill="#0b0d0f"/>
<circle cx="${cx}" cy="${y + h * 0.7}" r="${pitch * 0.33}" fill="url(#nut)" stroke="#444"/>
<path d="M${cx - pitch * 0.22} ${y + h * 0.7}H${cx + pitch * 0.22}" stroke="#333" stroke-width="2.4"/>
<text x="${cx}" y="${labelAbove ? y - 8 : y + h + 18}" font-family="${FONT}" font-size="${labelSize}" font-weight="700" fill="${labelFill}" text-anchor="middle" transform="rotate(${labelAbove && label.length * labelSize * 0.62 > pitch - 4 ? -45 : 0} ${cx} ${labelAbove ? y - 8 : y + h + 18})">${esc(label)}</text>`;
    })
    .join('');
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${colour}" stroke="#1d5a31" stroke-width="1.5"/>${cells}</g>`;
}

/** A fan guard: rings, spokes and the hub, over dark blades. */
export function fan(x: number, y: number, r: number): string {
  const blades = Array.from({ length: 7 }, (_, i) => {
    const a = (i * 360) / 7;
    return `<path d="M${x} ${y}q${r * 0.55} ${-r * 0.2} ${r * 0.8} ${r * 0.25}q${-r * 0.35} ${r * 0.05} ${-r * 0.8} ${-r * 0.25}Z" fill="#2c3036" transform="rotate(${a} ${x} ${y})"/>`;
  }).join('');
  const rings = [0.95, 0.75, 0.55, 0.35]
    .map((f) => `<circle cx="${x}" cy="${y}" r="${r * f}" fill="none" stroke="#9aa2ab" stroke-width="2.5"/>`)
    .join('');
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="#0c0e10"/>${blades}${rings}
<path d="M${x - r} ${y}H${x + r}M${x} ${y - r}V${y + r}" stroke="#9aa2ab" stroke-width="2.5"/>
<circle cx="${x}" cy="${y}" r="${r * 0.2}" fill="#3a3f46" stroke="#9aa2ab" stroke-width="2"/>
${[45, 135, 225, 315].map((a) => screw(x + r * 1.05 * Math.cos((a * Math.PI) / 180), y + r * 1.05 * Math.sin((a * Math.PI) / 180), 5)).join('')}
</g>`;
}

export function earth(x: number, y: number, labelFill = '#ffffff'): string {
  return `<g>${screw(x, y, 9)}
<g transform="translate(${x - 9} ${y + 18})" stroke="${labelFill}" stroke-width="2"><path d="M9 0V8M1 8H17M4 12H14M7 16H11"/></g></g>`;
}

/** A microSD card slot with a card half in. */
export function microSd(x: number, y: number, labelFill = '#333'): string {
  return `<g><rect x="${x - 30}" y="${y - 6}" width="60" height="12" rx="2" fill="#101214"/>
<path d="M${x - 22} ${y - 4}H${x + 18}L${x + 22} ${y}V${y + 4}H${x - 22}Z" fill="#2d6fb8"/>
${text(x, y + 28, 'microSD', { size: 14, fill: labelFill })}</g>`;
}

/** The rating plate: model, supply, serial number, MAC address, marks and a barcode. */
export function ratingLabel(x: number, y: number, w: number, lines: string[], seed: number): string {
  const h = 26 + lines.length * 19 + 46;
  const bars: string[] = [];
  let bx = x + 12;
  let n = seed;
  while (bx < x + w - 14) {
    n = (Math.imul(n, 1103515245) + 12345) & 0x7fffffff;
    const bw = 1 + (n % 3);
    if ((n >> 4) % 2) bars.push(`<rect x="${bx}" y="${y + h - 40}" width="${bw}" height="28" fill="#111"/>`);
    bx += bw + 1;
  }
  return `<g>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#f4f2ea" stroke="#b7b3a6"/>
${lines.map((line, i) => text(x + 12, y + 22 + i * 19, line, { size: 13.5, fill: '#1a1a1a', anchor: 'start', weight: i === 0 ? 700 : 500, family: i === 0 ? FONT : MONO })).join('')}
${bars.join('')}
<g transform="translate(${x + w - 74} ${y + 8})" fill="none" stroke="#111" stroke-width="2.2">
<path d="M2 2V12A6 6 0 0 0 14 12V2M18 2V18H30"/>
<path d="M46 3A8 8 0 1 0 46 17M58 3A8 8 0 1 0 58 17M50 10H58"/>
</g>
</g>`;
}

/** Rack ear with two slotted holes. */
export function rackEar(x: number, y: number, h: number, side: 'left' | 'right'): string {
  const w = 34;
  const ex = side === 'left' ? x - w : x;
  return `<g><rect x="${ex}" y="${y}" width="${w}" height="${h}" rx="3" fill="#23282e" stroke="#0e1012"/>
<rect x="${ex + 10}" y="${y + h * 0.2}" width="14" height="22" rx="7" fill="#0a0b0d"/>
<rect x="${ex + 10}" y="${y + h * 0.8 - 22}" width="14" height="22" rx="7" fill="#0a0b0d"/></g>`;
}

/** A plain locally administered MAC address from a number. */
export function mac(seed: number): string {
  const bytes = [0x02, 0x1a, 0x3c, (seed >> 16) & 0xff, (seed >> 8) & 0xff, seed & 0xff];
  return bytes.map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** The picture's frame: soft backdrop and a shadow under the object. */
export function frame(
  width: number,
  height: number,
  title: string,
  body: string,
  shadow?: { x: number; y: number; w: number },
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<title>${esc(title)}</title>
<defs>${defs}</defs>
<rect width="${width}" height="${height}" fill="#f1f3f6"/>
${shadow ? `<ellipse cx="${shadow.x}" cy="${shadow.y}" rx="${shadow.w / 2}" ry="18" fill="url(#shadow)"/>` : ''}
${body}
</svg>
`;
}

/** A call-out: a dot on the part, a leader line and the part's name. */
export function callout(
  px: number,
  py: number,
  lx: number,
  ly: number,
  label: string,
  detail?: string,
): string {
  const anchor = lx < px ? 'end' : 'start';
  const tx = lx + (anchor === 'end' ? -10 : 10);
  return `<g>
<path d="M${px} ${py}L${lx} ${ly}" stroke="#1f6fd1" stroke-width="2.5" fill="none"/>
<circle cx="${px}" cy="${py}" r="6" fill="#ffffff" stroke="#1f6fd1" stroke-width="3"/>
${text(tx, ly + 7, label, { size: 24, fill: '#14202e', anchor, weight: 700 })}
${detail ? text(tx, ly + 36, detail, { size: 19, fill: '#4a5663', anchor, weight: 500 }) : ''}
</g>`;
}

/**
 * Front and rear panels of the Alien DVR and ZipVision NVR recorders, drawn from what each
 * model's specification lists (content/dvr/dvrs.json, content/nvr/products.json).
 */
import {
  bnc,
  dcJack,
  earth,
  FONT,
  fan,
  frame,
  hdmi,
  led,
  mac,
  mainsInlet,
  rackEar,
  ratingLabel,
  rca,
  rj45,
  screw,
  terminals,
  text,
  usb,
  vents,
  vga,
} from './parts';

export interface Recorder {
  model: string;
  kind: 'dvr' | 'nvr';
  /** BNC inputs (DVR) or PoE ports (NVR). */
  ports: number;
  badge: string;
  rack: boolean;
  bays: number;
  hdmi: number;
  lan: number;
  usbFront: boolean;
  usbRear: { count: number; v3: boolean };
  audioIn: number;
  audioOut: number;
  alarmIn: number;
  alarmOut: number;
  rs485: boolean;
  power: { kind: 'dc' | 'ac'; volts?: number; amps?: number };
  fan: boolean;
  serial: number;
}

const WIDTH = 1600;
const HEIGHT = 480;
const TOP = 110;
const CASE_H = 260;
const SILK = '#ffffff';

const brandMark = {
  dvr: { lead: 'ALIEN', accent: ' DVR', colour: '#8be04e' },
  nvr: { lead: 'Zip', accent: 'Vision', colour: '#3ab4f2' },
};

function caseBox(r: Recorder): { x: number; w: number } {
  const w = r.rack ? 1500 : 1260;
  return { x: (WIDTH - w) / 2, w };
}

function feet(x: number, w: number): string {
  return [x + 60, x + w - 100]
    .map((fx) => `<rect x="${fx}" y="${TOP + CASE_H - 2}" width="40" height="12" rx="4" fill="#111"/>`)
    .join('');
}

export function recorderFront(r: Recorder): string {
  const { x, w } = caseBox(r);
  const mark = brandMark[r.kind];
  const y = TOP;
  const mid = y + CASE_H / 2;
  const parts: string[] = [];
  parts.push(feet(x, w));
  parts.push(
    `<rect x="${x}" y="${y}" width="${w}" height="${CASE_H}" rx="10" fill="#23282e" stroke="#0b0c0e" stroke-width="2"/>`,
  );
  parts.push(
    `<rect x="${x + 6}" y="${y + 4}" width="${w - 12}" height="4" rx="2" fill="#ffffff" opacity="0.18"/>`,
  );
  // Smoked acrylic strip across the face, with the infrared receiver behind it.
  parts.push(
    `<rect x="${x + 20}" y="${y + 24}" width="${w - 40}" height="${CASE_H - 48}" rx="8" fill="#14171b" stroke="#3a4048"/>`,
  );
  parts.push(
    `<rect x="${x + 26}" y="${y + 30}" width="${w - 52}" height="30" rx="6" fill="#ffffff" opacity="0.05"/>`,
  );
  parts.push(
    `<text x="${x + 60}" y="${mid - 6}" font-family="${FONT}" font-size="52" font-weight="800" fill="#f4f6f8">${mark.lead}<tspan fill="${mark.colour}">${mark.accent}</tspan></text>`,
  );
  parts.push(text(x + 62, mid + 34, r.model, { size: 24, fill: '#c3cad2', anchor: 'start', weight: 600 }));
  parts.push(
    text(
      x + 62,
      mid + 62,
      r.kind === 'dvr' ? `${r.ports}-CHANNEL HYBRID DVR` : `${r.ports || 32}-CHANNEL NETWORK VIDEO RECORDER`,
      { size: 15, fill: '#8c96a1', anchor: 'start', weight: 600, spacing: 2 },
    ),
  );
  // Feature badge.
  parts.push(
    `<rect x="${x + 460}" y="${mid - 46}" width="${r.badge.length * 13 + 30}" height="34" rx="17" fill="none" stroke="${mark.colour}" stroke-width="2"/>`,
  );
  parts.push(
    text(x + 475 + (r.badge.length * 13) / 2, mid - 23, r.badge, {
      size: 17,
      fill: mark.colour,
      weight: 700,
    }),
  );
  // Right to left: status lights, the front USB port, the infrared window; vents fill the middle.
  const lights: [Parameters<typeof led>[2], string][] = [
    ['green', 'PWR'],
    ...Array.from(
      { length: r.bays },
      (_, i) => ['amber', r.bays > 1 ? `HDD${i + 1}` : 'HDD'] as [Parameters<typeof led>[2], string],
    ),
    ['green', 'NET'],
    ['red', 'REC'],
    ['off', 'ALARM'],
  ];
  const step = 60;
  const lightsX = x + w - 70 - (lights.length - 1) * step;
  lights.forEach(([colour, label], i) => {
    parts.push(led(lightsX + i * step, mid - 8, colour, label));
  });
  let cursor = lightsX - 70;
  if (r.usbFront) {
    parts.push(usb(cursor, mid - 8));
    parts.push(text(cursor, mid + 28, 'USB', { size: 14, fill: '#b8c0c8' }));
    cursor -= 90;
  }
  const irX = cursor - 46;
  parts.push(
    `<rect x="${irX}" y="${mid - 26}" width="46" height="36" rx="6" fill="#3d0c10" stroke="#5b1a20"/>`,
  );
  parts.push(`<circle cx="${irX + 23}" cy="${mid - 8}" r="8" fill="#6e1b22"/>`);
  parts.push(text(irX + 23, mid + 28, 'IR', { size: 14, fill: '#b8c0c8' }));
  // Power button beside the infrared window.
  parts.push(
    `<circle cx="${irX - 50}" cy="${mid - 8}" r="20" fill="#22262b" stroke="#5a626c" stroke-width="2"/>`,
  );
  parts.push(
    `<path d="M${irX - 56} ${mid - 20}A10 10 0 1 0 ${irX - 44} ${mid - 20}M${irX - 50} ${mid - 24}V${mid - 10}" fill="none" stroke="#cfd5dc" stroke-width="2.5" stroke-linecap="round"/>`,
  );
  const ventX = x + 700;
  const ventEnd = irX - 100;
  if (ventEnd - ventX > 60) parts.push(vents(ventX, y + 70, ventEnd - ventX, CASE_H - 140, '#07080a', 16));
  // Drive bay door outline on the desktop models.
  if (!r.rack)
    parts.push(`<rect x="${x + 40}" y="${y + CASE_H - 36}" width="${w - 80}" height="2" fill="#3a4048"/>`);
  if (r.rack) {
    parts.push(rackEar(x, y, CASE_H, 'left'));
    parts.push(rackEar(x + w, y, CASE_H, 'right'));
  }
  const title = `${r.model} front panel`;
  return frame(WIDTH, HEIGHT, title, parts.join('\n'), { x: WIDTH / 2, y: TOP + CASE_H + 16, w: w + 80 });
}

interface Section {
  width: number;
  draw: (x: number) => string;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function recorderRear(r: Recorder): string {
  const { x, w } = caseBox(r);
  const y = TOP;
  const top = y + 28;
  const bottom = y + CASE_H - 28;
  const mid = (top + bottom) / 2;
  const sections: Section[] = [];

  // Power.
  if (r.power.kind === 'ac') {
    sections.push({
      width: 200,
      draw: (sx) => mainsInlet(sx + 50, mid - 20, SILK) + earth(sx + 40, bottom - 26, SILK),
    });
  } else {
    sections.push({
      width: 90,
      draw: (sx) =>
        dcJack(sx + 45, mid - 40, `DC ${r.power.volts}V`, SILK) +
        text(sx + 45, mid + 58, `${r.power.amps}A`, { size: 14, fill: SILK }) +
        earth(sx + 45, bottom - 20, SILK),
    });
  }
  if (r.fan) sections.push({ width: 150, draw: (sx) => fan(sx + 75, mid, 66) });

  // Camera inputs: BNCs (DVR) or PoE ports (NVR), up to eight to a row.
  if (r.ports > 0) {
    const perRow = Math.min(8, r.ports);
    const rows = Math.ceil(r.ports / perRow);
    const pitch = r.kind === 'dvr' ? 60 : 76;
    sections.push({
      width: perRow * pitch,
      draw: (sx) => {
        const out: string[] = [];
        const rowPitch = r.kind === 'dvr' ? 92 : 96;
        const y0 = rows === 1 ? mid : mid - rowPitch / 2 + 12;
        const header = r.kind === 'dvr' ? 'VIDEO IN' : 'PoE  IEEE 802.3af/at';
        out.push(
          `<rect x="${sx}" y="${top - 14}" width="${perRow * pitch}" height="22" rx="3" fill="${r.kind === 'nvr' ? '#ff8a00' : '#39424c'}"/>`,
        );
        out.push(
          text(sx + (perRow * pitch) / 2, top + 2, header, {
            size: 15,
            fill: r.kind === 'nvr' ? '#1a1a1a' : SILK,
            weight: 700,
          }),
        );
        for (let i = 0; i < r.ports; i++) {
          const cx = sx + pitch / 2 + (i % perRow) * pitch;
          const cy = y0 + Math.floor(i / perRow) * rowPitch;
          if (r.kind === 'dvr') out.push(bnc(cx, cy, String(i + 1), SILK));
          else {
            out.push(rj45(cx, cy, { lit: i % 3 !== 2 }));
            out.push(text(cx, cy + 56, String(i + 1), { size: 15, fill: SILK, weight: 700 }));
          }
        }
        return out.join('');
      },
    });
  }

  // Audio.
  if (r.audioIn + r.audioOut > 0) {
    const sockets = [
      ...Array.from(
        { length: r.audioIn },
        (_, i) => ['#e8e8e8', r.audioIn > 1 ? `IN${i + 1}` : 'IN'] as const,
      ),
      ...Array.from({ length: r.audioOut }, () => ['#d23a3a', 'OUT'] as const),
    ];
    const cols = Math.ceil(sockets.length / 2);
    sections.push({
      width: cols * 56,
      draw: (sx) => {
        const out = [text(sx + (cols * 56) / 2, top + 2, 'AUDIO', { size: 15, fill: SILK, weight: 700 })];
        sockets.forEach(([ring, label], i) => {
          out.push(rca(sx + 28 + Math.floor(i / 2) * 56, mid - 30 + (i % 2) * 84, ring, label, SILK));
        });
        return out.join('');
      },
    });
  }

  // Video outputs, stacked.
  sections.push({
    width: 130,
    draw: (sx) => {
      const out: string[] = [];
      const items = [
        ...Array.from({ length: r.hdmi }, (_, i) => (r.hdmi > 1 ? `HDMI${i + 1}` : 'HDMI')),
        'VGA',
      ];
      const pitch = items.length > 2 ? 66 : 92;
      const y0 = mid - ((items.length - 1) * pitch) / 2 - 12;
      items.forEach((item, i) => {
        out.push(
          item === 'VGA'
            ? vga(sx + 65, y0 + i * pitch, item, SILK)
            : hdmi(sx + 65, y0 + i * pitch, item, SILK),
        );
      });
      return out.join('');
    },
  });

  // Network and USB, side by side.
  const netColumns = Math.max(r.lan, r.usbRear.count);
  sections.push({
    width: 86 * netColumns,
    draw: (sx) => {
      const out: string[] = [];
      for (let i = 0; i < r.lan; i++) {
        const cx = sx + 43 + i * 86;
        out.push(rj45(cx, mid - 34));
        out.push(
          text(cx, mid + 20, r.lan > 1 ? `LAN${i + 1}` : r.kind === 'nvr' ? 'LAN (uplink)' : 'LAN', {
            size: 14,
            fill: SILK,
            weight: 700,
          }),
        );
      }
      for (let i = 0; i < r.usbRear.count; i++) {
        const cx = sx + 43 + i * 86;
        out.push(usb(cx, mid + 62, { v3: r.usbRear.v3 }));
        out.push(text(cx, mid + 96, r.usbRear.v3 ? 'USB 3.0' : 'USB', { size: 14, fill: SILK, weight: 700 }));
      }
      return out.join('');
    },
  });

  // Alarm and RS-485 terminals.
  if (r.alarmIn + r.alarmOut > 0 || r.rs485) {
    const rowsOf: string[][] = [];
    for (const group of chunk(
      Array.from({ length: r.alarmIn }, (_, i) => String(i + 1)),
      8,
    ))
      rowsOf.push([...group, 'G']);
    const outs = Array.from({ length: r.alarmOut }, (_, i) => [`O${i + 1}`, 'C']).flat();
    rowsOf.push([...outs, ...(r.rs485 ? ['A+', 'B-'] : [])]);
    const pitch = 22;
    const longest = Math.max(...rowsOf.map((row) => row.length));
    const rowPitch = rowsOf.length > 2 ? 68 : 84;
    sections.push({
      width: longest * pitch + 8,
      draw: (sx) => {
        const out = [
          text(
            sx + (longest * pitch + 8) / 2,
            top + 2,
            longest * pitch + 8 < 220
              ? 'ALARM I/O'
              : r.rs485
                ? 'ALARM IN · RELAY OUT · RS-485'
                : 'ALARM IN · RELAY OUT',
            {
              size: 14,
              fill: SILK,
              weight: 700,
            },
          ),
        ];
        const y0 = top + (rowsOf.length > 2 ? 22 : 44);
        rowsOf.forEach((row, i) => {
          out.push(terminals(sx, y0 + i * rowPitch, row, { pitch, labelFill: SILK }));
        });
        return out.join('');
      },
    });
  }

  const inner = w - 80;
  const used = sections.reduce((sum, s) => sum + s.width, 0);
  const labelW = 250;
  const withLabel = inner - used - labelW > (sections.length + 1) * 24;
  const gap = (inner - used - (withLabel ? labelW : 0)) / (sections.length + (withLabel ? 1 : 0) + 1);
  if (gap < 12) console.warn(`${r.model} rear: only ${Math.round(gap)} px between the parts`);

  const parts: string[] = [feet(x, w)];
  parts.push(
    `<rect x="${x}" y="${y}" width="${w}" height="${CASE_H}" rx="8" fill="#5f6872" stroke="#2d3238" stroke-width="2"/>`,
  );
  parts.push(
    `<rect x="${x + 6}" y="${y + 4}" width="${w - 12}" height="3" rx="1.5" fill="#fff" opacity="0.25"/>`,
  );
  for (const sx of [x + 18, x + w - 18])
    for (const sy of [y + 18, y + CASE_H - 18]) parts.push(screw(sx, sy, 6));
  let cursor = x + 40 + gap;
  for (const section of sections) {
    parts.push(section.draw(cursor));
    cursor += section.width + gap;
  }
  if (withLabel) {
    parts.push(
      ratingLabel(
        cursor,
        mid - 78,
        labelW,
        [
          r.model,
          r.power.kind === 'ac' ? 'INPUT 100-240V~ 1A' : `INPUT ${r.power.volts}V DC ${r.power.amps}A`,
          `S/N ${r.kind.toUpperCase()}${String(r.serial).padStart(9, '0')}`,
          `MAC ${mac(r.serial)}`,
        ],
        r.serial,
      ),
    );
  }
  if (r.rack) {
    parts.push(rackEar(x, y, CASE_H, 'left'));
    parts.push(rackEar(x + w, y, CASE_H, 'right'));
  }
  return frame(WIDTH, HEIGHT, `${r.model} rear panel`, parts.join('\n'), {
    x: WIDTH / 2,
    y: TOP + CASE_H + 16,
    w: w + 80,
  });
}

export const recorders: Record<string, Recorder> = {
  'al-4ch-h5': {
    model: 'AL-4CH-H5',
    kind: 'dvr',
    ports: 4,
    badge: '5MP HYBRID',
    rack: false,
    bays: 1,
    hdmi: 1,
    lan: 1,
    usbFront: false,
    usbRear: { count: 2, v3: false },
    audioIn: 1,
    audioOut: 1,
    alarmIn: 0,
    alarmOut: 0,
    rs485: false,
    power: { kind: 'dc', volts: 12, amps: 2 },
    fan: false,
    serial: 0x41c201,
  },
  'al-8ch-h5': {
    model: 'AL-8CH-H5',
    kind: 'dvr',
    ports: 8,
    badge: '5MP HYBRID',
    rack: false,
    bays: 1,
    hdmi: 1,
    lan: 1,
    usbFront: false,
    usbRear: { count: 2, v3: false },
    audioIn: 4,
    audioOut: 1,
    alarmIn: 4,
    alarmOut: 1,
    rs485: true,
    power: { kind: 'dc', volts: 12, amps: 2 },
    fan: false,
    serial: 0x41c802,
  },
  'al-16ch-h5': {
    model: 'AL-16CH-H5',
    kind: 'dvr',
    ports: 16,
    badge: '5MP HYBRID',
    rack: true,
    bays: 2,
    hdmi: 1,
    lan: 1,
    usbFront: true,
    usbRear: { count: 1, v3: true },
    audioIn: 1,
    audioOut: 1,
    alarmIn: 16,
    alarmOut: 4,
    rs485: true,
    power: { kind: 'dc', volts: 12, amps: 4 },
    fan: false,
    serial: 0x41d603,
  },
  'al-8ch-4k': {
    model: 'AL-8CH-4K',
    kind: 'dvr',
    ports: 8,
    badge: '4K HYBRID',
    rack: true,
    bays: 2,
    hdmi: 1,
    lan: 1,
    usbFront: true,
    usbRear: { count: 1, v3: false },
    audioIn: 4,
    audioOut: 1,
    alarmIn: 4,
    alarmOut: 1,
    rs485: true,
    power: { kind: 'dc', volts: 12, amps: 4 },
    fan: true,
    serial: 0x41e804,
  },
  'al-16ch-4k': {
    model: 'AL-16CH-4K',
    kind: 'dvr',
    ports: 16,
    badge: '4K HYBRID',
    rack: true,
    bays: 4,
    hdmi: 2,
    lan: 2,
    usbFront: true,
    usbRear: { count: 1, v3: true },
    audioIn: 4,
    audioOut: 1,
    alarmIn: 16,
    alarmOut: 4,
    rs485: true,
    power: { kind: 'ac' },
    fan: false,
    serial: 0x41f605,
  },
  'zv-n4p-4k': {
    model: 'ZV-N4P-4K',
    kind: 'nvr',
    ports: 4,
    badge: '4K · 4 PoE',
    rack: false,
    bays: 1,
    hdmi: 1,
    lan: 1,
    usbFront: false,
    usbRear: { count: 2, v3: false },
    audioIn: 0,
    audioOut: 1,
    alarmIn: 0,
    alarmOut: 0,
    rs485: false,
    power: { kind: 'dc', volts: 48, amps: 1.5 },
    fan: false,
    serial: 0x5a0401,
  },
  'zv-n8p-4k': {
    model: 'ZV-N8P-4K',
    kind: 'nvr',
    ports: 8,
    badge: '4K · 8 PoE',
    rack: true,
    bays: 2,
    hdmi: 1,
    lan: 1,
    usbFront: true,
    usbRear: { count: 1, v3: false },
    audioIn: 1,
    audioOut: 1,
    alarmIn: 4,
    alarmOut: 1,
    rs485: false,
    power: { kind: 'ac' },
    fan: false,
    serial: 0x5a0802,
  },
  'zv-n16p-4k': {
    model: 'ZV-N16P-4K',
    kind: 'nvr',
    ports: 16,
    badge: '4K · 16 PoE',
    rack: true,
    bays: 2,
    hdmi: 1,
    lan: 1,
    usbFront: true,
    usbRear: { count: 1, v3: true },
    audioIn: 1,
    audioOut: 1,
    alarmIn: 16,
    alarmOut: 4,
    rs485: false,
    power: { kind: 'ac' },
    fan: false,
    serial: 0x5a1603,
  },
  'zv-n32-4k': {
    model: 'ZV-N32-4K',
    kind: 'nvr',
    ports: 0,
    badge: '12MP · RAID',
    rack: true,
    bays: 4,
    hdmi: 2,
    lan: 2,
    usbFront: true,
    usbRear: { count: 1, v3: true },
    audioIn: 1,
    audioOut: 1,
    alarmIn: 16,
    alarmOut: 4,
    rs485: false,
    power: { kind: 'ac' },
    fan: true,
    serial: 0x5a3204,
  },
};

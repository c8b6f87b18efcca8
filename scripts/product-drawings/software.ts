/**
 * The software products have no box: PlateSight's screens and the plate camera it reads from,
 * and IPCam Scout's windows, drawn like screenshots at 1600 pixels wide.
 */
import { callout, FONT, frame, LED, MONO, screw, text } from './parts';

const W = 1600;
const H = 1000;

/** A Windows 11-style application window filling the picture. */
function appWindow(title: string, accent: string, content: string): string {
  return `<rect x="40" y="40" width="1520" height="920" rx="12" fill="#ffffff" stroke="#aab2bb" stroke-width="2"/>
<path d="M40 52A12 12 0 0 1 52 40H1548A12 12 0 0 1 1560 52V92H40Z" fill="#eef1f5"/>
<rect x="62" y="54" width="26" height="26" rx="6" fill="${accent}"/>
${text(102, 74, title, { size: 18, fill: '#1c2530', anchor: 'start', weight: 600 })}
<path d="M1410 67H1426" stroke="#333" stroke-width="2"/>
<rect x="1460" y="59" width="16" height="16" fill="none" stroke="#333" stroke-width="2"/>
<path d="M1510 59L1526 75M1526 59L1510 75" stroke="#333" stroke-width="2"/>
<rect x="40" y="92" width="1520" height="1" fill="#cfd5dc"/>
${content}`;
}

function sidebar(items: string[], active: number, accent: string): string {
  return `<rect x="40" y="93" width="220" height="866" fill="#f6f8fa"/><rect x="259" y="93" width="1" height="866" fill="#d9dee4"/>
${items
  .map(
    (item, i) =>
      `${i === active ? `<rect x="52" y="${112 + i * 52}" width="196" height="42" rx="8" fill="#e4ebf3"/><rect x="52" y="${122 + i * 52}" width="4" height="22" rx="2" fill="${accent}"/>` : ''}
<rect x="72" y="${124 + i * 52}" width="18" height="18" rx="4" fill="none" stroke="#4b5968" stroke-width="2"/>
${text(104, 139 + i * 52, item, { size: 17, fill: '#1c2530', anchor: 'start', weight: i === active ? 700 : 500 })}`,
  )
  .join('')}`;
}

/** A UK number plate: yellow for the rear, white for the front. */
function plate(x: number, y: number, w: number, reg: string, rear = true): string {
  const h = w * 0.215;
  return `<g><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h * 0.12}" fill="${rear ? '#ffd500' : '#ffffff'}" stroke="#1a1a1a" stroke-width="${Math.max(1.5, w / 160)}"/>
<rect x="${x + w * 0.01}" y="${y + h * 0.06}" width="${w * 0.08}" height="${h * 0.88}" rx="2" fill="#1b4fa0"/>
<text x="${x + w * 0.05}" y="${y + h * 0.78}" font-family="${FONT}" font-size="${h * 0.28}" font-weight="700" fill="#fff" text-anchor="middle">UK</text>
<text x="${x + w * 0.54}" y="${y + h * 0.8}" font-family="${MONO}" font-size="${h * 0.78}" font-weight="700" fill="#111" text-anchor="middle" textLength="${w * 0.8}" lengthAdjust="spacingAndGlyphs">${reg}</text></g>`;
}

/** The entrance as the lane camera sees it: a car at the barrier, the plate boxed in green. */
function laneView(x: number, y: number, w: number, h: number, reg: string): string {
  const s = w / 960;
  const p = (v: number) => (v * s).toFixed(1);
  return `<g transform="translate(${x} ${y})">
<rect width="${w}" height="${h}" fill="#8fb3d1"/>
<rect y="${p(200)}" width="${w}" height="${h - 200 * s}" fill="#6d7278"/>
<rect y="${p(120)}" width="${p(560)}" height="${p(120)}" fill="#b7a48c"/>
${Array.from({ length: 6 }, (_, i) => `<rect x="${p(30 + i * 90)}" y="${p(140)}" width="${p(50)}" height="${p(40)}" fill="#44515e"/>`).join('')}
<path d="M0 ${p(540)}L${p(380)} ${p(200)}H${p(580)}L${w} ${p(540)}Z" fill="#5b6066"/>
<path d="M${p(480)} ${p(210)}V${p(540)}" stroke="#f4f4f4" stroke-width="${p(6)}" stroke-dasharray="${p(30)} ${p(24)}"/>
<rect x="${p(720)}" y="${p(150)}" width="${p(40)}" height="${p(150)}" fill="#e6e6e6" stroke="#555"/>
<path d="M${p(740)} ${p(180)}H${p(300)}" stroke="#ffffff" stroke-width="${p(16)}"/>
<path d="M${p(740)} ${p(180)}H${p(300)}" stroke="#d62828" stroke-width="${p(16)}" stroke-dasharray="${p(36)} ${p(36)}"/>
<path d="M${p(250)} ${p(420)}Q${p(260)} ${p(290)} ${p(350)} ${p(270)}H${p(610)}Q${p(700)} ${p(290)} ${p(710)} ${p(420)}V${p(500)}H${p(250)}Z" fill="#2f5d8a"/>
<path d="M${p(300)} ${p(330)}Q${p(320)} ${p(285)} ${p(370)} ${p(282)}H${p(590)}Q${p(640)} ${p(285)} ${p(660)} ${p(330)}Z" fill="#253544"/>
<rect x="${p(265)}" y="${p(360)}" width="${p(90)}" height="${p(30)}" rx="${p(8)}" fill="#f5f0d5"/>
<rect x="${p(605)}" y="${p(360)}" width="${p(90)}" height="${p(30)}" rx="${p(8)}" fill="#f5f0d5"/>
<rect x="${p(250)}" y="${p(490)}" width="${p(70)}" height="${p(40)}" rx="${p(6)}" fill="#15181b"/>
<rect x="${p(640)}" y="${p(490)}" width="${p(70)}" height="${p(40)}" rx="${p(6)}" fill="#15181b"/>
${plate(410 * s, 420 * s, 140 * s, reg, false)}
<rect x="${p(398)}" y="${p(410)}" width="${p(164)}" height="${p(52)}" fill="none" stroke="#27e36b" stroke-width="${p(4)}"/>
<rect x="${p(398)}" y="${p(378)}" width="${p(164)}" height="${p(30)}" fill="#27e36b"/>
${text(480 * s, 400 * s, `${reg} · 98 %`, { size: 16 * s, fill: '#0b2614', weight: 800 })}
<rect x="0" y="0" width="${w}" height="${p(38)}" fill="#000" opacity="0.55"/>
${text(12 * s, 26 * s, 'CAM 1 · Lane 1 entry · 14:32:07', { size: 18 * s, fill: '#ffffff', anchor: 'start', family: MONO })}
<circle cx="${w - 24 * s}" cy="${19 * s}" r="${7 * s}" fill="${LED.red}"/>
</g>`;
}

function table(
  x: number,
  y: number,
  columns: [string, number][],
  rows: string[][],
  { rowH = 40, highlight = -1, highlightFill = '#fff4d6', mono = [] as number[] } = {},
): string {
  const out: string[] = [];
  let cx = x;
  const widths = columns.map(([, width]) => width);
  const total = widths.reduce((a, b) => a + b, 0);
  out.push(`<rect x="${x}" y="${y}" width="${total}" height="${rowH}" fill="#eef2f6"/>`);
  for (const [label, width] of columns) {
    out.push(
      text(cx + 12, y + rowH * 0.64, label, { size: 15, fill: '#4b5968', anchor: 'start', weight: 700 }),
    );
    cx += width;
  }
  rows.forEach((row, r) => {
    const ry = y + rowH * (r + 1);
    if (r === highlight)
      out.push(`<rect x="${x}" y="${ry}" width="${total}" height="${rowH}" fill="${highlightFill}"/>`);
    out.push(`<rect x="${x}" y="${ry + rowH - 1}" width="${total}" height="1" fill="#e3e8ee"/>`);
    let colX = x;
    row.forEach((cell, c) => {
      const isBadge = cell.startsWith('!');
      const value = isBadge ? cell.slice(1) : cell;
      if (isBadge) {
        const colour =
          value.startsWith('Permitted') || value === 'OK'
            ? '#1e8e3e'
            : value.startsWith('Watch') || value.startsWith('Wrong')
              ? '#c5221f'
              : '#b06000';
        out.push(
          `<rect x="${colX + 10}" y="${ry + 8}" width="${value.length * 9 + 20}" height="${rowH - 16}" rx="${(rowH - 16) / 2}" fill="${colour}" opacity="0.12"/>`,
        );
        out.push(
          text(colX + 20, ry + rowH * 0.64, value, { size: 15, fill: colour, anchor: 'start', weight: 700 }),
        );
      } else {
        out.push(
          text(colX + 12, ry + rowH * 0.64, value, {
            size: 16,
            fill: '#1c2530',
            anchor: 'start',
            weight: 500,
            family: mono.includes(c) ? MONO : FONT,
          }),
        );
      }
      colX += widths[c] ?? 0;
    });
  });
  return out.join('');
}

const PLATE = '#d89b00';

export function plateSightLiteScreen(): string {
  const reads = [
    ['14:32:07', 'PS26 DMO', 'Lane 1 in', '98 %', '!Permitted'],
    ['14:29:51', 'KX71 RFA', 'Lane 2 out', '97 %', '!Permitted'],
    ['14:27:13', 'BV19 HNE', 'Lane 1 in', '95 %', '!Not on list'],
    ['14:22:40', 'LM68 TUO', 'Lane 1 in', '99 %', '!Permitted'],
    ['14:18:02', 'YC22 WPZ', 'Lane 2 out', '96 %', '!Permitted'],
  ];
  const content = `${sidebar(['Live', 'Reads', 'Permit list', 'Relays', 'Cameras', 'Settings'], 0, PLATE)}
${text(290, 136, 'Live · Main gate', { size: 26, fill: '#1c2530', anchor: 'start', weight: 800 })}
${laneView(290, 160, 800, 450, 'PS26 DMO')}
<rect x="1120" y="160" width="410" height="450" rx="10" fill="#f6f8fa" stroke="#d9dee4"/>
${text(1140, 196, 'Last read', { size: 18, fill: '#4b5968', anchor: 'start', weight: 700 })}
${plate(1150, 216, 350, 'PS26 DMO')}
<rect x="1140" y="316" width="370" height="48" rx="24" fill="#1e8e3e"/>
${text(1325, 348, 'Permitted · barrier opened', { size: 19, fill: '#ffffff', weight: 700 })}
${(
  [
    ['Confidence', '98 %'],
    ['List', 'Staff · J. Patel'],
    ['Valid until', '31 March 2027'],
    ['Relay', 'PS-IO4 relay 1 · 2 s pulse'],
    ['Lane', '1 · entry'],
  ] as const
)
  .map(
    ([k, v], i) =>
      `${text(1140, 404 + i * 40, k, { size: 16, fill: '#5c6b7a', anchor: 'start' })}${text(1300, 404 + i * 40, v, { size: 16, fill: '#1c2530', anchor: 'start', weight: 700 })}`,
  )
  .join('')}
${text(290, 652, 'Recent reads', { size: 20, fill: '#1c2530', anchor: 'start', weight: 800 })}
${table(
  290,
  668,
  [
    ['Time', 180],
    ['Plate', 220],
    ['Lane', 240],
    ['Confidence', 180],
    ['Result', 420],
  ],
  reads,
  { mono: [1], highlight: 0, highlightFill: '#eaf6ee' },
)}
<rect x="40" y="928" width="1520" height="31" fill="#f6f8fa"/>
${text(60, 950, '2 cameras connected · PS-IO4 online (192.168.1.60) · 1,214 permits · PlateSight Lite 3.4.1', { size: 14, fill: '#4b5968', anchor: 'start' })}`;
  return frame(W, H, 'PlateSight Lite live screen', appWindow('PlateSight Lite · Main gate', PLATE, content));
}

export function plateSightProDashboard(): string {
  const tiles: [string, string, string][] = [
    ['Occupancy', '182 / 240', '76 % full'],
    ['Entries today', '1,046', '+8 % on last Tuesday'],
    ['Overstays', '3', 'over 4 hours'],
    ['Watch-list alerts', '1', 'Lane 3 · 14:31'],
  ];
  const bars = [12, 18, 40, 96, 130, 88, 64, 70, 92, 84, 60, 44];
  const reads = [
    ['14:31:44', 'GX17 LKP', 'Lane 3 in', '!Watch list'],
    ['14:31:02', 'PS26 DMO', 'Lane 1 in', '!Permitted'],
    ['14:30:37', 'RE70 AVN', 'Lane 5 out', '!Visitor pass'],
    ['14:30:11', 'DN21 YXC', 'Lane 2 in', '!Permitted'],
    ['14:29:58', 'KX71 RFA', 'Lane 4 out', '!Permitted'],
    ['14:29:20', 'HF66 BZE', 'Lane 1 in', '!Permitted'],
  ];
  const content = `${sidebar(['Dashboard', 'Live lanes', 'Reads', 'Lists', 'Reports', 'Alerts', 'Users', 'Settings'], 0, PLATE)}
${text(290, 136, 'Dashboard · Riverside Retail Park', { size: 26, fill: '#1c2530', anchor: 'start', weight: 800 })}
${tiles
  .map(
    (
      [k, v, note],
      i,
    ) => `<rect x="${290 + i * 312}" y="160" width="292" height="130" rx="10" fill="${i === 3 ? '#fdecea' : '#f6f8fa'}" stroke="${i === 3 ? '#f3b5b0' : '#d9dee4'}"/>
${text(310 + i * 312, 194, k, { size: 17, fill: '#4b5968', anchor: 'start', weight: 600 })}
${text(310 + i * 312, 240, v, { size: 38, fill: i === 3 ? '#c5221f' : '#1c2530', anchor: 'start', weight: 800 })}
${text(310 + i * 312, 272, note, { size: 15, fill: '#5c6b7a', anchor: 'start' })}`,
  )
  .join('')}
<rect x="290" y="316" width="600" height="590" rx="10" fill="#ffffff" stroke="#d9dee4"/>
${text(310, 352, 'Entries by hour, today', { size: 19, fill: '#1c2530', anchor: 'start', weight: 700 })}
${[0, 50, 100, 150].map((v) => `<path d="M340 ${840 - v * 3}H870" stroke="#e3e8ee"/>${text(330, 845 - v * 3, String(v), { size: 13, fill: '#5c6b7a', anchor: 'end' })}`).join('')}
${bars.map((b, i) => `<rect x="${352 + i * 43}" y="${840 - b * 3}" width="30" height="${b * 3}" rx="3" fill="${i === 11 ? '#f5c542' : PLATE}"/>${text(367 + i * 43, 866, String(7 + i).padStart(2, '0'), { size: 13, fill: '#5c6b7a' })}`).join('')}
<rect x="910" y="316" width="620" height="150" rx="10" fill="#fdecea" stroke="#f3b5b0"/>
${text(930, 352, 'Watch list: GX17 LKP at Lane 3 entry', { size: 20, fill: '#a50e0e', anchor: 'start', weight: 800 })}
${text(930, 384, 'List "Banned from site" · reason: repeated overstay', { size: 16, fill: '#5f2120', anchor: 'start' })}
${plate(930, 400, 200, 'GX17 LKP')}
<rect x="1330" y="404" width="180" height="42" rx="6" fill="#c5221f"/>${text(1420, 431, 'Acknowledge', { size: 17, fill: '#fff', weight: 700 })}
${text(910, 500, 'Latest reads · all lanes', { size: 19, fill: '#1c2530', anchor: 'start', weight: 700 })}
${table(
  910,
  514,
  [
    ['Time', 130],
    ['Plate', 170],
    ['Lane', 150],
    ['Result', 170],
  ],
  reads,
  { highlight: 0, highlightFill: '#fdecea', mono: [1] },
)}
<rect x="40" y="928" width="1520" height="31" fill="#f6f8fa"/>
${text(60, 950, '12 of 12 lanes reading · database PostgreSQL 16 · PlateSight Pro 5.2.0 · signed in as site manager', { size: 14, fill: '#4b5968', anchor: 'start' })}`;
  return frame(W, H, 'PlateSight Pro dashboard', appWindow('PlateSight Pro · Dashboard', PLATE, content));
}

/** The kind of camera PlateSight reads from: a bullet camera with IR illuminators, front and side. */
export function plateCamera(): string {
  const irLeds = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI * 2) / 12;
    return `<circle cx="${420 + 118 * Math.cos(a)}" cy="${470 + 118 * Math.sin(a)}" r="16" fill="#4a1518" stroke="#1a0606" stroke-width="2"/><circle cx="${416 + 118 * Math.cos(a)}" cy="${466 + 118 * Math.sin(a)}" r="5" fill="#a5474c"/>`;
  }).join('');
  const body = `
${text(420, 150, 'Front', { size: 26, fill: '#14202e', weight: 800 })}
<circle cx="420" cy="470" r="200" fill="#eceff2" stroke="#9aa3ad" stroke-width="4"/>
<circle cx="420" cy="470" r="176" fill="#1b1f24"/>
${irLeds}
<circle cx="420" cy="470" r="78" fill="#0b0d10" stroke="#50575f" stroke-width="4"/>
<circle cx="420" cy="470" r="60" fill="url(#lens)"/>
<circle cx="420" cy="470" r="30" fill="#0a1018" stroke="#2f4a6b" stroke-width="3"/>
<ellipse cx="398" cy="446" rx="16" ry="9" fill="#fff" opacity="0.6"/>
<path d="M250 280Q420 230 590 280L600 300H240Z" fill="#dfe3e7" stroke="#9aa3ad" stroke-width="3"/>
${text(1110, 150, 'Side, on its bracket', { size: 26, fill: '#14202e', weight: 800 })}
<path d="M760 380H1400L1420 400V560L1400 580H760Z" fill="#eceff2" stroke="#9aa3ad" stroke-width="4"/>
<path d="M740 360H1420L1440 380H760Z" fill="#dfe3e7" stroke="#9aa3ad" stroke-width="3"/>
<rect x="1420" y="430" width="24" height="100" rx="4" fill="#1b1f24"/>
<rect x="900" y="580" width="60" height="120" fill="#d3d8dd" stroke="#9aa3ad" stroke-width="3"/>
<rect x="820" y="700" width="220" height="30" rx="6" fill="#d3d8dd" stroke="#9aa3ad" stroke-width="3"/>
${screw(850, 715, 8)}${screw(1010, 715, 8)}
<path d="M930 730V800" stroke="#222" stroke-width="10"/>
<rect x="1160" y="400" width="200" height="120" rx="6" fill="#f4f2ea" stroke="#b7b3a6"/>
${text(1176, 430, 'PLATE CAMERA', { size: 15, fill: '#111', anchor: 'start', weight: 800 })}
${text(1176, 456, '2MP · 5-50 mm', { size: 14, fill: '#111', anchor: 'start', family: MONO })}
${text(1176, 478, 'IR 850 nm · 12V', { size: 14, fill: '#111', anchor: 'start', family: MONO })}
${text(1176, 500, 'ONVIF S · RTSP', { size: 14, fill: '#111', anchor: 'start', family: MONO })}
${callout(420, 470, 380, 820, 'Varifocal lens, 5 to 50 mm', 'frames one lane at 5 to 15 m')}
${callout(538, 470, 700, 880, 'Infrared illuminators, 850 nm', 'reads plates by night')}
${callout(420, 282, 160, 200, 'Sun shield')}
${callout(1432, 520, 1330, 650, 'Heater and cable', '12 V DC or PoE')}
${callout(930, 640, 1100, 800, 'Bracket', '2.5 to 4 m high, 20 to 30° down')}
`;
  return frame(W, H, 'Plate-reading camera for PlateSight', body);
}

const SCOUT = '#2f80ed';

const scanRows = [
  ['!OK', '192.168.1.20', '0A:7E:21:2B:10:9C', 'ZipVision', 'ZV-N8P-4K', '4.3.2', 'S, G, T'],
  ['!OK', '192.168.1.101', '0A:7E:21:2B:55:01', 'ZipVision', 'ZV-C8T', '2.1.7', 'S, T'],
  ['!OK', '192.168.1.102', '0A:7E:21:2B:55:02', 'ZipVision', 'ZV-C8T', '2.1.7', 'S, T'],
  ['!Old firmware', '192.168.1.103', '0A:7E:21:2B:55:0F', 'ZipVision', 'ZV-C4T', '1.9.0', 'S'],
  ['!OK', '192.168.1.104', '0A:7E:21:2B:55:13', 'ZipVision', 'ZV-C8B-Z', '2.1.7', 'S, T'],
  ['!Wrong subnet', '192.168.0.100', '06:3C:99:8E:20:7A', 'Generic', 'IPC-2M-B', '5.5.1', 'S'],
  ['!OK', '192.168.1.108', '0A:7E:21:2B:55:21', 'ZipVision', 'ZV-C4D', '2.1.7', 'S, T'],
  ['!OK', '192.168.1.109', '0A:7E:21:2B:55:22', 'ZipVision', 'ZV-C4D', '2.1.7', 'S, T'],
  ['!OK', '192.168.1.110', '0E:44:10:7C:02:B3', 'Alien DVR', 'AL-8CH-4K', '3.0.12', 'S'],
  ['!OK', '192.168.1.120', '0A:7E:21:2B:55:30', 'ZipVision', 'ZV-C8T', '2.1.7', 'S, T'],
  ['!OK', '192.168.1.121', '0A:7E:21:2B:55:31', 'ZipVision', 'ZV-C8T', '2.1.7', 'S, T'],
];

const scanColumns: [string, number][] = [
  ['Status', 190],
  ['IP address', 190],
  ['MAC', 230],
  ['Maker', 150],
  ['Model', 170],
  ['Firmware', 130],
  ['ONVIF', 140],
];

function scoutToolbar(): string {
  return `<rect x="41" y="93" width="1518" height="64" fill="#f6f8fa"/><rect x="41" y="156" width="1518" height="1" fill="#d9dee4"/>
${['Scan', 'Bulk address', 'Password', 'Preview', 'Export'].map((b, i) => `<rect x="${60 + i * 150}" y="106" width="${136}" height="38" rx="6" fill="${i === 0 ? SCOUT : '#ffffff'}" stroke="${i === 0 ? SCOUT : '#c4ccd5'}"/>${text(128 + i * 150, 131, b, { size: 16, fill: i === 0 ? '#fff' : '#1c2530', weight: 600 })}`).join('')}
<rect x="1110" y="106" width="430" height="38" rx="6" fill="#ffffff" stroke="#c4ccd5"/>
${text(1126, 131, 'Adapter: Ethernet · 192.168.1.50 / 24', { size: 16, fill: '#1c2530', anchor: 'start' })}
<path d="M1516 120L1524 128L1532 120" fill="none" stroke="#4b5968" stroke-width="2"/>`;
}

export function scoutScan(): string {
  const content = `${scoutToolbar()}
${text(60, 196, '11 devices · scan finished in 4.8 s', { size: 20, fill: '#1c2530', anchor: 'start', weight: 800 })}
${text(1540, 196, 'ONVIF WS-Discovery · UPnP · mDNS · ARP', { size: 15, fill: '#5c6b7a', anchor: 'end' })}
${table(60, 214, scanColumns, scanRows, { rowH: 44, highlight: 5, highlightFill: '#fdecea', mono: [1, 2] })}
<rect x="60" y="756" width="1480" height="150" rx="10" fill="#fff7e6" stroke="#f1cf8a"/>
${text(80, 792, '192.168.0.100 is on the wrong subnet', { size: 20, fill: '#7a4b00', anchor: 'start', weight: 800 })}
${text(80, 824, 'This PC is on 192.168.1.0/24. IPCam Scout can reach the camera through a temporary address on your adapter', { size: 16, fill: '#5c4210', anchor: 'start' })}
${text(80, 848, '(administrator rights needed) and then give it an address on your network.', { size: 16, fill: '#5c4210', anchor: 'start' })}
<rect x="1300" y="836" width="220" height="44" rx="6" fill="${SCOUT}"/>${text(1410, 864, 'Fix address…', { size: 17, fill: '#fff', weight: 700 })}
<rect x="40" y="928" width="1520" height="31" fill="#f6f8fa"/>
${text(60, 950, 'IPCam Scout 2.6 · offline · nothing leaves this computer', { size: 14, fill: '#4b5968', anchor: 'start' })}`;
  return frame(W, H, 'IPCam Scout scan results', appWindow('IPCam Scout', SCOUT, content));
}

export function scoutReaddress(): string {
  const plan = Array.from({ length: 8 }, (_, i) => [
    `192.168.1.${[101, 102, 103, 104, 108, 109, 120, 121][i]}`,
    '→',
    `192.168.1.${101 + i}`,
    i === 2 ? '!Reboot needed' : '!OK',
  ]);
  const content = `${scoutToolbar()}
${table(60, 214, scanColumns, scanRows, { rowH: 44, mono: [1, 2] })}
<rect x="41" y="93" width="1518" height="866" fill="#0b1220" opacity="0.45"/>
<rect x="330" y="150" width="940" height="760" rx="14" fill="#ffffff" stroke="#8e99a6" stroke-width="2"/>
${text(362, 204, 'Bulk address: 8 cameras selected', { size: 26, fill: '#1c2530', anchor: 'start', weight: 800 })}
${(
  [
    ['First address', '192.168.1.101'],
    ['Subnet mask', '255.255.255.0'],
    ['Gateway', '192.168.1.1'],
    ['DNS', '192.168.1.1'],
  ] as const
)
  .map(
    ([k, v], i) =>
      `${text(362, 262 + i * 56, k, { size: 17, fill: '#4b5968', anchor: 'start', weight: 600 })}<rect x="560" y="${236 + i * 56}" width="300" height="40" rx="6" fill="#fff" stroke="${i === 0 ? SCOUT : '#c4ccd5'}" stroke-width="${i === 0 ? 2.5 : 1}"/>${text(576, 263 + i * 56, v, { size: 17, fill: '#1c2530', anchor: 'start', family: MONO })}`,
  )
  .join('')}
<rect x="900" y="240" width="24" height="24" rx="4" fill="${SCOUT}"/><path d="M905 252L911 258L920 246" fill="none" stroke="#fff" stroke-width="3"/>
${text(936, 258, 'Skip addresses in use', { size: 16, fill: '#1c2530', anchor: 'start' })}
<rect x="900" y="296" width="24" height="24" rx="4" fill="#fff" stroke="#8e99a6" stroke-width="2"/>
${text(936, 314, 'Turn DHCP off', { size: 16, fill: '#1c2530', anchor: 'start' })}
${text(362, 500, 'What will change', { size: 19, fill: '#1c2530', anchor: 'start', weight: 800 })}
${table(
  362,
  514,
  [
    ['Now', 250],
    ['', 60],
    ['New address', 250],
    ['', 316],
  ],
  plan,
  { rowH: 34, mono: [0, 2] },
)}
<rect x="970" y="852" width="120" height="42" rx="6" fill="#fff" stroke="#c4ccd5"/>${text(1030, 879, 'Cancel', { size: 17, fill: '#1c2530', weight: 600 })}
<rect x="1106" y="852" width="140" height="42" rx="6" fill="${SCOUT}"/>${text(1176, 879, 'Apply', { size: 17, fill: '#fff', weight: 700 })}`;
  return frame(W, H, 'IPCam Scout bulk address dialog', appWindow('IPCam Scout', SCOUT, content));
}

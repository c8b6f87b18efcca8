/**
 * CableMux kits: the transmitter (camera end) above the receiver (recorder end), seen from the
 * front (lights) and from the connection side.
 */
import {
  bnc,
  dcJack,
  FONT,
  frame,
  led,
  mainsInlet,
  rackEar,
  ratingLabel,
  rj45,
  screw,
  terminals,
  text,
} from './parts';

const W = 1600;
const H = 1000;
const SILK = '#ffffff';

export interface Multiplexer {
  model: string;
  channels: number;
  line: 'coax' | 'utp';
  rs485: boolean;
  /** Receiver: adaptor (DC volts) or mains in a 1U rack case. */
  receiver: { kind: 'dc'; volts: number } | { kind: 'rack' };
  serial: number;
}

interface Unit {
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rack: boolean;
}

function units(m: Multiplexer): [Unit, Unit] {
  const txW = m.channels > 4 ? 1280 : 1040;
  const rxW = m.receiver.kind === 'rack' ? 1480 : txW;
  return [
    { label: 'TRANSMITTER · camera end', x: (W - txW) / 2, y: 130, w: txW, h: 300, rack: false },
    {
      label: 'RECEIVER · recorder end',
      x: (W - rxW) / 2,
      y: 600,
      w: rxW,
      h: 300,
      rack: m.receiver.kind === 'rack',
    },
  ];
}

function body(u: Unit, fill: string): string {
  return `${text(u.x, u.y - 24, u.label, { size: 24, fill: '#14202e', anchor: 'start', weight: 800 })}
<rect x="${u.x}" y="${u.y}" width="${u.w}" height="${u.h}" rx="12" fill="${fill}" stroke="#1e2227" stroke-width="2.5"/>
<rect x="${u.x + 6}" y="${u.y + 4}" width="${u.w - 12}" height="4" rx="2" fill="#fff" opacity="0.2"/>
${screw(u.x + 18, u.y + 18, 6)}${screw(u.x + u.w - 18, u.y + 18, 6)}${screw(u.x + 18, u.y + u.h - 18, 6)}${screw(u.x + u.w - 18, u.y + u.h - 18, 6)}
${u.rack ? rackEar(u.x, u.y, u.h, 'left') + rackEar(u.x + u.w, u.y, u.h, 'right') : ''}`;
}

function logo(x: number, y: number, size = 40): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="800" fill="#f4f6f8">Cable<tspan fill="#f2a900">Mux</tspan></text>`;
}

export function muxFront(m: Multiplexer): string {
  const [tx, rx] = units(m);
  const face = (u: Unit, role: 'TX' | 'RX') => {
    const mid = u.y + u.h / 2;
    const channelLights = Array.from({ length: m.channels }, (_, i) =>
      led(
        u.x + u.w - 80 - (m.channels - 1 - i) * 58,
        mid + 40,
        i === m.channels - 1 ? 'off' : 'green',
        `CH${i + 1}`,
      ),
    ).join('');
    const statusLights: [Parameters<typeof led>[2], string][] = [
      ['green', 'POWER'],
      ['green', 'LINK'],
      ...(role === 'RX' ? [['amber', 'LINE PWR'] as [Parameters<typeof led>[2], string]] : []),
    ];
    const first = u.x + u.w - 80 - (m.channels - 1) * 58;
    const status = statusLights
      .map(([colour, label], i) => led(first + i * 100, mid - 50, colour, label))
      .join('');
    return `${body(u, '#23282e')}
${logo(u.x + 50, mid - 10)}
${text(u.x + 52, mid + 30, `${m.model} ${role === 'TX' ? 'TRANSMITTER' : 'RECEIVER'}`, { size: 20, fill: '#c3cad2', anchor: 'start' })}
${text(u.x + 52, mid + 60, m.line === 'coax' ? `${m.channels} CAMERAS · ONE COAX` : `${m.channels} CAMERAS · ONE CAT6`, { size: 15, fill: '#8c96a1', anchor: 'start', spacing: 2 })}
${status}${channelLights}
${role === 'TX' ? text(u.x + u.w - 80 - (m.channels - 1) * 58 - 40, mid + 110, 'video present', { size: 14, fill: '#8c96a1', anchor: 'start' }) : ''}`;
  };
  return frame(W, H, `${m.model} transmitter and receiver, front`, `${face(tx, 'TX')}${face(rx, 'RX')}`);
}

export function muxRear(m: Multiplexer): string {
  const [tx, rx] = units(m);
  const pitch = 66;
  const txFace = () => {
    const mid = tx.y + tx.h / 2 - 10;
    const parts: string[] = [body(tx, '#5f6872')];
    let cx = tx.x + 70;
    for (let i = 0; i < m.channels; i++) parts.push(bnc(cx + i * pitch, mid - 40, `CAM${i + 1}`, SILK));
    parts.push(
      text(cx + ((m.channels - 1) * pitch) / 2, tx.y + 40, 'VIDEO IN', { size: 16, fill: SILK, weight: 700 }),
    );
    cx += m.channels * pitch + 30;
    parts.push(
      m.line === 'coax'
        ? bnc(cx, mid - 40, 'LINE', '#ffd34d')
        : `${rj45(cx, mid - 40)}${text(cx, mid + 24, 'LINE', { size: 16, fill: '#ffd34d', weight: 700 })}`,
    );
    const dcLabels = Array.from({ length: m.channels }, (_, i) => [`${i + 1}+`, '−']).flat();
    const tPitch = Math.min(26, (tx.w - 120) / (dcLabels.length + (m.rs485 ? 3 : 0)));
    parts.push(
      text(tx.x + 70, mid + 62, 'DC OUT 12 V to cameras', {
        size: 15,
        fill: SILK,
        anchor: 'start',
        weight: 700,
      }),
    );
    parts.push(
      terminals(tx.x + 60, mid + 74, dcLabels, {
        pitch: tPitch,
        labelFill: SILK,
        labelAbove: false,
        labelSize: 12,
        colour: '#2f8f4e',
      }),
    );
    if (m.rs485) {
      const rx0 = tx.x + 60 + dcLabels.length * tPitch + 40;
      parts.push(text(rx0, mid + 62, 'RS-485', { size: 15, fill: SILK, anchor: 'start', weight: 700 }));
      parts.push(
        terminals(rx0, mid + 74, ['A', 'B', 'G'], { pitch: 26, labelFill: SILK, labelAbove: false }),
      );
    }
    parts.push(
      ratingLabel(
        tx.x + tx.w - 270,
        tx.y + 30,
        240,
        [`${m.model} TX`, 'POWERED FROM LINE', `S/N ${m.model.replace('-', '')}T${m.serial}`],
        m.serial,
      ),
    );
    return parts.join('');
  };
  const rxFace = () => {
    const mid = rx.y + rx.h / 2 - 10;
    const parts: string[] = [body(rx, '#5f6872')];
    let cx = rx.x + 80;
    if (m.receiver.kind === 'rack') {
      parts.push(mainsInlet(cx + 20, mid, SILK));
      cx += 200;
    } else {
      parts.push(dcJack(cx, mid - 30, `DC ${m.receiver.volts}V`, SILK));
      cx += 90;
    }
    parts.push(
      m.line === 'coax'
        ? bnc(cx, mid - 30, 'LINE', '#ffd34d')
        : `${rj45(cx, mid - 30)}${text(cx, mid + 34, 'LINE', { size: 16, fill: '#ffd34d', weight: 700 })}`,
    );
    cx += 100;
    for (let i = 0; i < m.channels; i++) parts.push(bnc(cx + i * pitch, mid - 30, `OUT${i + 1}`, SILK));
    parts.push(
      text(cx + ((m.channels - 1) * pitch) / 2, rx.y + 40, 'VIDEO OUT to DVR', {
        size: 16,
        fill: SILK,
        weight: 700,
      }),
    );
    cx += m.channels * pitch + 10;
    if (m.rs485) {
      parts.push(text(cx, mid - 74, 'RS-485', { size: 15, fill: SILK, anchor: 'start', weight: 700 }));
      parts.push(terminals(cx, mid - 60, ['A', 'B', 'G'], { pitch: 26, labelFill: SILK, labelAbove: false }));
    }
    parts.push(
      ratingLabel(
        rx.x + rx.w - 270,
        rx.y + rx.h - 130,
        240,
        [
          `${m.model} RX`,
          m.receiver.kind === 'rack' ? '100-240V~ 0.8A' : `INPUT ${m.receiver.volts}V DC`,
          `S/N ${m.model.replace('-', '')}R${m.serial}`,
        ],
        m.serial + 7,
      ),
    );
    return parts.join('');
  };
  return frame(W, H, `${m.model} transmitter and receiver, connections`, `${txFace()}${rxFace()}`);
}

export const multiplexers: Record<string, Multiplexer> = {
  'cmx-4c': {
    model: 'CMX-4C',
    channels: 4,
    line: 'coax',
    rs485: true,
    receiver: { kind: 'dc', volts: 48 },
    serial: 40117,
  },
  'cmx-8c': {
    model: 'CMX-8C',
    channels: 8,
    line: 'coax',
    rs485: true,
    receiver: { kind: 'rack' },
    serial: 80342,
  },
  'cmx-8u': {
    model: 'CMX-8U',
    channels: 8,
    line: 'utp',
    rs485: false,
    receiver: { kind: 'dc', volts: 48 },
    serial: 80518,
  },
};

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { speak, wavSeconds } from './media';
import type { TtsSettings } from './source';

const tts: TtsSettings = {
  engine: 'espeak-ng',
  voice: 'en-gb',
  speed: 155,
  pitch: 45,
  wordGap: 5,
  format: 'wav',
};
const text = 'Warning. This area is monitored by CCTV for your safety and security.';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe('speaking a voice message', () => {
  it('gives a WAV recording of the text', async () => {
    const wav = Buffer.from(await speak(tts, text));
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wavSeconds(wav)).toBeGreaterThan(2);
  });

  it('without espeak-ng installed, uses its WebAssembly build and gives the same recording length', async () => {
    const installed = wavSeconds(await speak(tts, text));
    const empty = await mkdtemp(path.join(os.tmpdir(), 'no-espeak-'));
    try {
      process.env.PATH = empty;
      const wav = Buffer.from(await speak(tts, text));
      expect(wav.subarray(8, 12).toString('latin1')).toBe('WAVE');
      expect(wavSeconds(wav)).toBeCloseTo(installed, 1);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('reads a text that starts with a dash as words, not as an option', async () => {
    process.env.PATH = '/nonexistent';
    const wav = await speak(tts, '-- Please keep this door closed.');
    expect(wavSeconds(wav)).toBeGreaterThan(1);
  });
});

import { describe, expect, it } from 'vitest';
import { WAV_HEADER_BYTES, encodeWav8 } from './wav';

const noDither = () => 0.5;

describe('encodeWav8', () => {
  it('maps [-1, 1] onto unsigned bytes around 128 and clamps beyond', () => {
    const file = encodeWav8(Float64Array.from([0, 1, -1, 0.5, 3, -3]), 8000, noDither);
    expect([...file.subarray(WAV_HEADER_BYTES)]).toEqual([128, 255, 1, 192, 255, 0]);
  });

  it('pads an odd data chunk to an even size and counts the pad in the RIFF size only', () => {
    const file = encodeWav8(new Float64Array(5), 11_025, noDither);
    expect(file.length).toBe(WAV_HEADER_BYTES + 6);
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.readUInt32LE(40)).toBe(5);
    expect(file.readUInt32LE(24)).toBe(11_025);
  });

  it('dithers by at most one step either way', () => {
    let flip = 0;
    const extremes = () => (flip++ % 2 === 0 ? 0.999 : 0);
    const file = encodeWav8(new Float64Array(4), 8000, extremes);
    for (const byte of file.subarray(WAV_HEADER_BYTES))
      expect(Math.abs(byte - 128)).toBeLessThanOrEqual(1);
  });
});

import type { Random } from '@loofi/ui/random';

export const WAV_HEADER_BYTES = 44;
const PCM_FORMAT = 1;
const MIDPOINT = 128;
const HALF_RANGE = 127;

/**
 * Encodes a mono signal in [-1, 1] as an 8-bit unsigned PCM WAV file. Eight bits keep a
 * 25-second loop under half a megabyte and their hiss suits lo-fi; triangular dither turns
 * what would be gritty quantisation distortion on quiet tails into a soft, even hiss.
 */
export function encodeWav8(signal: Float64Array, sampleRate: number, random: Random): Buffer {
  const dataBytes = signal.length;
  // A RIFF chunk must have an even size: an odd data chunk is followed by one pad byte.
  const padBytes = dataBytes % 2;
  const buffer = Buffer.alloc(WAV_HEADER_BYTES + dataBytes + padBytes);

  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(buffer.length - 8, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(PCM_FORMAT, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);

  for (let i = 0; i < dataBytes; i++) {
    const dither = random() - random();
    const level = Math.round(MIDPOINT + signal[i]! * HALF_RANGE + dither);
    buffer[WAV_HEADER_BYTES + i] = level < 0 ? 0 : level > 255 ? 255 : level;
  }
  return buffer;
}

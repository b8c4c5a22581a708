import { describe, expect, it } from 'vitest';
import { integratedLoudness } from '../player/loudness/bs1770';
import { LAYERS, LAYER_LUFS, layerGain } from './ambience-mix';
import { LOOP_SECONDS, renderLayer } from './layer-synthesis';

const RATE = 48_000;
const BOUNDARIES = 10;
const WINDOW_SECONDS = 0.05;

function levelDb(samples: Float32Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i++) sum += (samples[i] ?? 0) ** 2;
  return 10 * Math.log10(sum / length + 1e-20);
}

/**
 * The seam check: the loop played `BOUNDARIES` times over, as a looping buffer plays it.
 * Around each boundary, every 50 ms window (from 150 ms before it to 150 ms after it, 10 ms
 * apart) is within 1 dB of the same window of the sound running on unlooped — the seam moves
 * no window's level by more than 1 dB against its neighbours — and the step between the
 * boundary's two samples is no larger than the largest step within 50 ms of it (no click).
 * (Against the run-on rather than against the looped neighbours alone: brown noise's and the
 * café's own 50 ms levels swing by more than 1 dB anywhere, seam or not.)
 */
function seamFaults(loop: Float32Array, runOn: Float32Array, sampleRate: number): string[] {
  const length = loop.length;
  const played = new Float32Array(length * (BOUNDARIES + 1));
  for (let k = 0; k <= BOUNDARIES; k++) played.set(loop, k * length);
  const window = Math.round(WINDOW_SECONDS * sampleRate);
  const hop = Math.round(0.01 * sampleRate);
  const faults: string[] = [];
  for (let boundary = 1; boundary <= BOUNDARIES; boundary++) {
    const seam = boundary * length;
    for (let start = seam - 3 * window; start <= seam + 2 * window; start += hop) {
      const looped = levelDb(played, start, window);
      const unlooped = levelDb(runOn, length + (start - seam), window);
      if (Math.abs(looped - unlooped) > 1) {
        faults.push(
          `boundary ${boundary}, ${start - seam} samples: ${(looped - unlooped).toFixed(2)} dB`,
        );
      }
    }
    const jump = Math.abs((played[seam] ?? 0) - (played[seam - 1] ?? 0));
    let largest = 0;
    for (let i = seam - window; i <= seam + window; i++) {
      if (i !== seam)
        largest = Math.max(largest, Math.abs((played[i] ?? 0) - (played[i - 1] ?? 0)));
    }
    if (jump > largest) faults.push(`boundary ${boundary}: a click (${jump} > ${largest})`);
  }
  return faults;
}

describe('renderLayer', () => {
  for (const layer of LAYERS) {
    it(`makes ${layer.name} a seamless ${LOOP_SECONDS} s loop at −24 LUFS`, () => {
      const { channels, runOn } = renderLayer(layer.id, RATE, { runOn: true });
      const [left, right] = channels;
      expect(left.length).toBe(LOOP_SECONDS * RATE);
      expect(seamFaults(left, runOn!, RATE)).toEqual([]);
      // The right channel is the left one half a loop on: the same seamless loop.
      expect(right[0]).toBe(left[left.length / 2]);
      expect(integratedLoudness(channels, RATE)).toBeCloseTo(LAYER_LUFS, 0);
      // Nothing reaches full scale even at the slider's top (+6 dB).
      const peak = left.reduce((most, sample) => Math.max(most, Math.abs(sample)), 0);
      expect(peak * layerGain(100)).toBeLessThanOrEqual(1);
    });
  }

  it('makes the same loop at every visit, at the rate of the page’s output', () => {
    const first = renderLayer('wind', 44_100).channels[0];
    const again = renderLayer('wind', 44_100).channels[0];
    expect(first.length).toBe(LOOP_SECONDS * 44_100);
    expect(again).toEqual(first);
  });

  it('tells a loop cut straight from the sound, with no crossfade, from a seamless one', () => {
    const { runOn } = renderLayer('brown', RATE, { runOn: true });
    const cut = runOn!.slice(0, LOOP_SECONDS * RATE);
    expect(seamFaults(cut, runOn!, RATE)).not.toEqual([]);
  });
});

import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** The test's ears: an AnalyserNode beside the page's output, in every AudioContext. */
    __outputProbe?: AnalyserNode[];
  }
}

/**
 * Hears what the page sends to its speakers: whatever the page connects to an
 * AudioContext's output is also connected to an AnalyserNode the test reads. Nothing in the
 * site knows of it.
 */
export async function listenToOutput(page: Page) {
  await page.addInitScript(() => {
    type Connect = (
      this: AudioNode,
      target: AudioNode | AudioParam,
      ...rest: number[]
    ) => AudioNode | undefined;
    const connect = AudioNode.prototype.connect as Connect;
    const probes = new WeakMap<BaseAudioContext, AnalyserNode>();
    const listening: Connect = function (target, ...rest) {
      if (target instanceof AudioDestinationNode) {
        let probe = probes.get(this.context);
        if (!probe) {
          probe = this.context.createAnalyser();
          probe.fftSize = 4096;
          probes.set(this.context, probe);
          (window.__outputProbe ??= []).push(probe);
        }
        connect.call(this, probe);
      }
      return connect.call(this, target, ...rest);
    };
    Object.defineProperty(AudioNode.prototype, 'connect', {
      value: listening,
      writable: true,
      configurable: true,
    });
  });
}

/** The page's output level now, in dBFS (RMS over ~85 ms); −Infinity: silence. */
export const outputLevel = (page: Page) =>
  page.evaluate(() => {
    let sum = 0;
    let count = 0;
    for (const probe of window.__outputProbe ?? []) {
      const samples = new Float32Array(probe.fftSize);
      probe.getFloatTimeDomainData(samples);
      for (const sample of samples) sum += sample * sample;
      count += samples.length;
    }
    return count === 0 || sum === 0 ? -Infinity : 10 * Math.log10(sum / count);
  });

import { describe, expect, it } from 'vitest';
import { integratedLoudness } from '../player/loudness/bs1770';
import { DEFAULT_MASTER, LAYERS, SILENT_LEVELS } from './ambience-mix';
import type { LayerId } from './ambience-mix';
import { AmbienceEngine } from './ambience-engine';
import type { AmbienceAudioContext } from './ambience-engine';
import { renderLayer } from './layer-synthesis';

const RATE = 48_000;

/** An AudioParam whose automation lands at once: the test reads where each ramp ends. */
class FakeParam {
  constructor(public value: number) {}
  setTargetAtTime(value: number) {
    this.value = value;
    return this;
  }
  setValueAtTime(value: number) {
    this.value = value;
    return this;
  }
  linearRampToValueAtTime(value: number) {
    this.value = value;
    return this;
  }
  cancelScheduledValues() {
    return this;
  }
}

class FakeNode {
  outputs: FakeNode[] = [];
  connect<T extends FakeNode>(node: T): T {
    this.outputs.push(node);
    return node;
  }
  disconnect() {
    this.outputs = [];
  }
}

class FakeGain extends FakeNode {
  gain = new FakeParam(1);
}

class FakeBuffer {
  readonly channels: Float32Array[];
  constructor(count: number, length: number) {
    this.channels = Array.from({ length: count }, () => new Float32Array(length));
  }
  copyToChannel(samples: Float32Array, channel: number) {
    this.channels[channel]!.set(samples);
  }
}

class FakeSource extends FakeNode {
  buffer: FakeBuffer | null = null;
  loop = false;
  playing = false;
  start() {
    this.playing = true;
  }
  stop() {
    this.playing = false;
  }
}

function setUp() {
  const destination = new FakeNode();
  const sources: FakeSource[] = [];
  const rendered: LayerId[] = [];
  const timers: (() => void)[] = [];
  const context = {
    currentTime: 0,
    sampleRate: RATE,
    state: 'running',
    destination,
    resume: () => Promise.resolve(),
    createGain: () => new FakeGain(),
    createBuffer: (count: number, length: number) => new FakeBuffer(count, length),
    createBufferSource: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
  };
  const engine = new AmbienceEngine({
    context: () => context as unknown as AmbienceAudioContext,
    render: (layer, rate) => {
      rendered.push(layer);
      return Promise.resolve(renderLayer(layer, rate).channels);
    },
    setTimeout: (callback) => timers.push(callback),
    clearTimeout: () => undefined,
  });
  /** The gain from a source to the page's output (0: it does not reach it). */
  const gainToOutput = (node: FakeNode): number => {
    if (node === destination) return 1;
    const own = node instanceof FakeGain ? node.gain.value : 1;
    return node.outputs.reduce((sum, next) => sum + own * gainToOutput(next), 0);
  };
  /** What the page's output hears: each playing source's loop through its gains. */
  const heard = (): Float32Array[] | null => {
    const playing = sources.filter((source) => source.playing);
    if (playing.length === 0) return null;
    const length = playing[0]!.buffer!.channels[0]!.length;
    const out = [new Float32Array(length), new Float32Array(length)];
    for (const source of playing) {
      const gain = gainToOutput(source);
      source.buffer!.channels.forEach((samples, channel) => {
        for (let i = 0; i < length; i++) out[channel]![i]! += samples[i]! * gain;
      });
    }
    return out;
  };
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { engine, sources, rendered, timers, heard, settled };
}

const oneLayer = (layer: LayerId, level: number) => ({
  levels: { ...SILENT_LEVELS, [layer]: level },
  master: DEFAULT_MASTER,
});

describe('AmbienceEngine', () => {
  it('makes nothing and plays nothing until asked to play', async () => {
    const { engine, rendered, sources, settled } = setUp();
    engine.setMix(oneLayer('rain', 50));
    await settled();
    expect(rendered).toEqual([]);
    expect(sources).toEqual([]);
    expect(engine.isPlaying).toBe(false);
  });

  for (const { id, name } of LAYERS) {
    it(`plays ${name} at 50, at the default Ambience volume, at −24 ± 2 LUFS`, async () => {
      const { engine, heard, settled } = setUp();
      engine.setMix(oneLayer(id, 50));
      engine.play();
      await settled();
      const lufs = integratedLoudness(heard()!, RATE);
      expect(lufs).toBeGreaterThanOrEqual(-26);
      expect(lufs).toBeLessThanOrEqual(-22);
    });
  }

  it('makes only the layers that are up, stops one turned to 0, and pauses them all', async () => {
    const { engine, rendered, sources, heard, settled } = setUp();
    engine.setMix({ levels: { ...SILENT_LEVELS, rain: 40, wind: 60 }, master: 80 });
    engine.play();
    await settled();
    expect(rendered.sort()).toEqual(['rain', 'wind']);
    expect(sources.filter((source) => source.playing)).toHaveLength(2);
    expect(sources.every((source) => source.loop)).toBe(true);

    engine.setMix({ levels: { ...SILENT_LEVELS, wind: 60 }, master: 80 });
    expect(sources.filter((source) => source.playing)).toHaveLength(1);
    engine.pause();
    expect(heard()).toBeNull();
    expect(engine.isPlaying).toBe(false);

    // Playing again reuses the loops already made.
    engine.play();
    await settled();
    expect(rendered).toHaveLength(2);
    expect(heard()).not.toBeNull();
  });

  it('turns the Ambience volume down without touching the layers', async () => {
    const { engine, heard, settled } = setUp();
    engine.setMix(oneLayer('brown', 50));
    engine.play();
    await settled();
    const full = integratedLoudness(heard()!, RATE)!;
    engine.setMix({ ...oneLayer('brown', 50), master: 50 });
    expect(integratedLoudness(heard()!, RATE)! - full).toBeCloseTo(-12, 1);
  });

  it('fades out with the sleep timer, then pauses, ready to play at full level again', async () => {
    const { engine, timers, heard, settled } = setUp();
    engine.setMix(oneLayer('rain', 50));
    engine.play();
    await settled();
    engine.fadeOutAndPause(10_000);
    // The fade's last step: silence at the output while it ends.
    expect(integratedLoudness(heard()!, RATE)).toBeNull();
    timers.shift()!();
    expect(engine.isPlaying).toBe(false);
    expect(heard()).toBeNull();

    engine.play();
    await settled();
    expect(integratedLoudness(heard()!, RATE)).toBeCloseTo(-24, 0);
  });

  it('follows a focus break’s level while “Lower with breaks” is on, not when off', async () => {
    const { engine, heard, settled } = setUp();
    engine.setMix(oneLayer('wind', 50));
    engine.play();
    await settled();
    const level = () => integratedLoudness(heard()!, RATE)!;
    const full = level();
    engine.setBreakGain(10 ** (-12 / 20));
    expect(level() - full).toBeCloseTo(-12, 1);
    engine.setLowerWithBreaks(false);
    expect(level() - full).toBeCloseTo(0, 1);
    engine.setLowerWithBreaks(true);
    engine.setBreakGain(1);
    expect(level() - full).toBeCloseTo(0, 1);
  });
});

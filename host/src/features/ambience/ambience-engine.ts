import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import { DEFAULT_AMBIENCE, LAYERS, layerGain, masterGain } from './ambience-mix';
import type { AmbienceMix, LayerId } from './ambience-mix';
import { layerRenderer } from './layer-renderer';

/** What the ambience uses of the page's AudioContext (tests give it a fake). */
export type AmbienceAudioContext = Pick<
  BaseAudioContext,
  | 'createGain'
  | 'createBufferSource'
  | 'createBuffer'
  | 'destination'
  | 'currentTime'
  | 'sampleRate'
> &
  Partial<Pick<AudioContext, 'state' | 'resume'>>;

export interface AmbienceEngineOptions {
  /** The page's one AudioContext, the player's (made on first use). */
  context(): AmbienceAudioContext;
  /** Makes a layer's two channels (by default in a worker: `layer-renderer.ts`). */
  render?(layer: LayerId, sampleRate: number): Promise<Float32Array[]>;
  setTimeout?(callback: () => void, ms: number): unknown;
  clearTimeout?(handle: unknown): void;
}

/** Slider moves are followed with this time constant: smooth, with no zipper noise. */
const FOLLOW_SECONDS = 0.03;
/** A focus break lowers (and raises again) the ambience over this long, as it does the music. */
const BREAK_RAMP_SECONDS = 2;
/** A layer turned off or paused fades out over this long before its source stops. */
const STOP_SECONDS = 0.15;
const SLEEP_FADE_STEPS = 8;

interface Graph {
  context: AmbienceAudioContext;
  /** The Ambience volume. */
  master: GainNode;
  /** The sleep timer's fade. */
  sleep: GainNode;
  /** A focus break's lowering, when "Lower with breaks" is on. */
  breaks: GainNode;
  layers: Map<LayerId, { gain: GainNode; source: AudioBufferSourceNode | null }>;
}

/**
 * The ambience's sound: a looping buffer per layer, each through its own gain, then the
 * Ambience volume, the sleep timer's fade and a focus break's level, into the page's output —
 * never through the music's elements, so it plays with the music paused, offline, and
 * whatever a track's host allows. Nothing sounds until `play`; a layer's loop is made the
 * first time it is heard. Every change of level is a ramp on the audio thread: the page's
 * main thread does nothing while the ambience plays.
 */
export class AmbienceEngine {
  private readonly playing = new BehaviorSubject(false);
  readonly playing$: Observable<boolean> = this.playing.asObservable();
  private mix: AmbienceMix = DEFAULT_AMBIENCE.mix;
  private graph: Graph | null = null;
  private readonly buffers = new Map<LayerId, Promise<AudioBuffer>>();
  private breakGain = 1;
  private lowerWithBreaks = DEFAULT_AMBIENCE.lowerWithBreaks;
  private sleepEnd: unknown = null;
  /** Made when the first layer is: a worker starts only for an owner who uses the ambience. */
  private renderer: AmbienceEngineOptions['render'];

  constructor(private readonly options: AmbienceEngineOptions) {}

  get isPlaying(): boolean {
    return this.playing.value;
  }

  /** The sliders' values; heard at once while playing, else kept for `play`. */
  setMix(mix: AmbienceMix) {
    this.mix = mix;
    if (!this.graph) return;
    this.follow(this.graph.master.gain, masterGain(mix.master));
    if (this.isPlaying) this.sync();
  }

  play() {
    const graph = this.ensureGraph();
    if (graph.context.state === 'suspended') graph.context.resume?.().catch(() => undefined);
    this.cancelSleepFade();
    this.playing.next(true);
    this.sync();
  }

  pause() {
    this.cancelSleepFade();
    if (!this.isPlaying) return;
    this.playing.next(false);
    this.sync();
  }

  /**
   * The music's level during a focus break, as a linear gain (1 outside breaks): the
   * ambience follows it while "Lower with breaks" is on.
   */
  setBreakGain(gain: number) {
    this.breakGain = Number.isFinite(gain) ? Math.max(0, gain) : 1;
    this.applyBreak();
  }

  setLowerWithBreaks(on: boolean) {
    this.lowerWithBreaks = on;
    this.applyBreak();
  }

  /** The sleep timer's end: the ambience fades out with the music, then pauses. */
  fadeOutAndPause(durationMs: number) {
    const graph = this.graph;
    if (!graph || !this.isPlaying) return;
    this.cancelSleepFade();
    const seconds = Math.max(0.01, durationMs / 1000);
    const { gain } = graph.sleep;
    const now = graph.context.currentTime;
    // The music's equal-power fade (the cosine of its progress), in eight straight steps.
    gain.setValueAtTime(1, now);
    for (let step = 1; step <= SLEEP_FADE_STEPS; step++) {
      const progress = step / SLEEP_FADE_STEPS;
      gain.linearRampToValueAtTime(Math.cos((progress * Math.PI) / 2), now + progress * seconds);
    }
    const schedule =
      this.options.setTimeout ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
    this.sleepEnd = schedule(() => {
      this.sleepEnd = null;
      this.pause();
      // Full again for the next play, once the layers have stopped: no last breath of sound.
      gain.setValueAtTime(1, graph.context.currentTime + STOP_SECONDS);
    }, durationMs);
  }

  dispose() {
    this.pause();
    for (const layer of this.graph?.layers.values() ?? []) layer.source?.stop();
    this.graph?.breaks.disconnect();
    this.graph = null;
    this.playing.complete();
  }

  private cancelSleepFade() {
    if (this.sleepEnd === null) return;
    const cancel =
      this.options.clearTimeout ??
      ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    cancel(this.sleepEnd);
    this.sleepEnd = null;
    const graph = this.graph;
    if (!graph) return;
    // From time 0: a fade under way is dropped whole, not held where it is.
    graph.sleep.gain.cancelScheduledValues(0);
    graph.sleep.gain.setValueAtTime(1, graph.context.currentTime);
  }

  private ensureGraph(): Graph {
    if (this.graph) return this.graph;
    const context = this.options.context();
    const master = context.createGain();
    const sleep = context.createGain();
    const breaks = context.createGain();
    master.gain.value = masterGain(this.mix.master);
    master.connect(sleep).connect(breaks).connect(context.destination);
    const layers = new Map<LayerId, { gain: GainNode; source: AudioBufferSourceNode | null }>();
    for (const { id } of LAYERS) {
      const gain = context.createGain();
      gain.gain.value = 0;
      gain.connect(master);
      layers.set(id, { gain, source: null });
    }
    this.graph = { context, master, sleep, breaks, layers };
    this.applyBreak();
    return this.graph;
  }

  /** Each layer's gain and source as the mix and play/pause say. */
  private sync() {
    const graph = this.graph;
    if (!graph) return;
    for (const [id, layer] of graph.layers) {
      const target = this.isPlaying ? layerGain(this.mix.levels[id]) : 0;
      this.follow(layer.gain.gain, target);
      if (target > 0 && !layer.source) this.start(graph, id);
      if (target === 0 && layer.source) {
        layer.source.stop(graph.context.currentTime + STOP_SECONDS);
        layer.source = null;
      }
    }
  }

  private start(graph: Graph, id: LayerId) {
    this.bufferOf(graph.context, id).then(
      (buffer) => {
        const layer = graph.layers.get(id);
        // Turned down, paused or disposed while its loop was being made.
        if (this.graph !== graph || !layer || layer.source || !this.isPlaying) return;
        if (layerGain(this.mix.levels[id]) === 0) return;
        const source = graph.context.createBufferSource();
        source.buffer = buffer;
        source.loop = true;
        source.connect(layer.gain);
        source.start();
        layer.source = source;
      },
      () => this.buffers.delete(id),
    );
  }

  private bufferOf(context: AmbienceAudioContext, id: LayerId): Promise<AudioBuffer> {
    let buffer = this.buffers.get(id);
    if (!buffer) {
      const render = (this.renderer ??= this.options.render ?? layerRenderer());
      buffer = render(id, context.sampleRate).then((channels) => {
        const made = context.createBuffer(
          channels.length,
          channels[0]?.length ?? 1,
          context.sampleRate,
        );
        channels.forEach((samples, channel) =>
          made.copyToChannel(samples as Float32Array<ArrayBuffer>, channel),
        );
        return made;
      });
      this.buffers.set(id, buffer);
    }
    return buffer;
  }

  private applyBreak() {
    const graph = this.graph;
    if (!graph) return;
    const target = this.lowerWithBreaks ? this.breakGain : 1;
    const { gain } = graph.breaks;
    const now = graph.context.currentTime;
    gain.cancelScheduledValues(now);
    gain.setValueAtTime(gain.value, now);
    gain.linearRampToValueAtTime(target, now + BREAK_RAMP_SECONDS);
  }

  private follow(param: AudioParam, value: number) {
    const now = this.graph?.context.currentTime ?? 0;
    param.cancelScheduledValues(now);
    param.setTargetAtTime(value, now, FOLLOW_SECONDS);
  }
}

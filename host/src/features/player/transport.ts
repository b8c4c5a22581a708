import type { Track } from '@loofi/contracts';
import { Deck, listenToDeck } from './decks';
import type { AudioLike, DeckListeners, RoutedAudio } from './decks';
import { Fades } from './fades';
import { Normaliser } from './normaliser';
import type { LoudnessSource } from './normaliser';
import type { VolumeSetting } from './player-persistence';

export interface TransportOptions {
  /** Makes one of the player's two audio elements (called twice, at start). */
  createAudio: () => AudioLike;
  /**
   * Makes an element routed through Web Audio, for tracks 'Normalise volume' must turn up
   * (called twice, at start); without it such tracks play as mastered.
   */
  createRoutedAudio?: (() => RoutedAudio) | undefined;
  /** Measures tracks for 'Normalise volume'; without it every track plays as mastered. */
  loudness?: LoudnessSource | undefined;
  now?: (() => number) | undefined;
}

/** What the transport tells the player: its playing element's events, and when to act. */
export interface TransportEvents extends Omit<DeckListeners, 'outgoingEnded' | 'standbyError'> {
  /** The next track, buffering on the other deck, failed. */
  standbyError(deck: Deck): void;
  /** The moment to start the next track, fading over `seconds` (0: gapless). */
  handOverDue(seconds: number): void;
  /** A crossfade or a gapless tail has ended: the other deck is free for the next track. */
  settled(): void;
}

/**
 * A gapless hand-over starts the next track this long before the current one ends rather
 * than on its `ended` event, which arrives late (the element reports the end only on its
 * next time update): a few milliseconds of overlap, never a gap.
 */
const GAPLESS_LEAD_MS = 25;

/**
 * How the music sounds: two decks for the whole page (one plays while the other buffers the
 * next track), the hand-over between them (gapless or a crossfade), the sleep timer's fade,
 * and each element's volume (the owner's, 'Normalise volume', fades). It decides nothing
 * about what plays: the player tells it, and hears from it through `TransportEvents`.
 */
export class Transport {
  private decks: [Deck, Deck] | null = null;
  private activeIndex: 0 | 1 = 0;
  private volume = 1;
  /** A focus break's level of the music (1: none), one more factor of every deck's volume. */
  private breakGain = 1;
  /** While the sleep timer's fade runs: the lowest break level since it began. */
  private sleepBreakGain = 1;
  private crossfadeSeconds = 0;
  /** After a gapless hand-over: the track that still plays its last milliseconds. */
  private tail: Deck | null = null;
  private handOverTimer: ReturnType<typeof setTimeout> | null = null;
  /** Where the track just loaded is to start, once its duration is known. */
  private pendingSeek = 0;
  readonly normaliser: Normaliser;
  /** The crossfade and the sleep timer's fade (fades.ts). */
  private readonly fades: Fades;

  constructor(
    private readonly options: TransportOptions,
    private readonly events: TransportEvents,
  ) {
    this.normaliser = new Normaliser(options.loudness, options.createRoutedAudio !== undefined, {
      isActive: (deck) => deck === this.active,
      gainsChanged: () => this.applyVolumes(),
    });
    this.fades = new Fades(
      () => this.now(),
      () => this.active.audio.currentTime,
      {
        crossfadeDone: () => this.endCrossfade(),
        sleepDone: () => {
          this.pause();
          this.endCrossfade();
        },
        step: () => this.applyVolumes(),
      },
    );
  }

  /**
   * Makes the two decks at the owner's volume; returns the undo. `watch` hears the elements
   * first (stall recovery: sound flowing again is known before the position is published).
   */
  start(
    setting: VolumeSetting,
    watch?: (elements: readonly AudioLike[]) => () => void,
  ): () => void {
    const { createAudio, createRoutedAudio } = this.options;
    const deck = () => new Deck(createAudio(), createRoutedAudio?.() ?? null);
    this.decks = [deck(), deck()];
    this.volume = setting.volume;
    for (const each of this.decks) {
      each.audio.preload = 'metadata';
      each.muted = setting.muted;
    }
    this.applyVolumes();
    const detach = [
      ...(watch ? [watch(this.decks.flatMap((each) => each.elements))] : []),
      ...this.decks.flatMap((each) => each.elements.map((element) => this.listenTo(each, element))),
    ];
    return () => {
      for (const stop of detach) stop();
      this.fades.stop();
      this.cancelHandOver();
      for (const each of this.decks ?? []) each.audio.pause();
    };
  }

  get started(): boolean {
    return this.decks !== null;
  }

  /** The deck of the current track. */
  get active(): Deck {
    return this.decks![this.activeIndex];
  }

  /** The other deck: the next track, buffering. */
  get standby(): Deck {
    return this.decks![this.activeIndex === 0 ? 1 : 0];
  }

  /** A crossfade or a gapless tail is under way: the other deck is taken. */
  get busy(): boolean {
    return this.fades.crossfade !== null || this.tail !== null;
  }

  get crossfading(): boolean {
    return this.fades.crossfade !== null;
  }

  get muted(): boolean {
    return this.active.audio.muted;
  }

  setVolume(volume: number) {
    this.volume = volume;
    this.applyVolumes();
  }

  /**
   * A focus break's level of the music, at once (the focus timer ramps it). While the sleep
   * timer's fade runs, the music follows it down only: the sleep fade wins.
   */
  setBreakGain(gain: number) {
    this.breakGain = gain;
    this.sleepBreakGain = Math.min(this.sleepBreakGain, gain);
    this.applyVolumes();
  }

  setMuted(muted: boolean) {
    for (const deck of this.decks ?? []) deck.muted = muted;
  }

  /** 'Normalise volume' and the crossfade's length; turned on, normalising measures. */
  setLevels({ normalise, crossfadeSeconds }: { normalise: boolean; crossfadeSeconds: number }) {
    const turnedOn = normalise && !this.normaliser.enabled;
    this.normaliser.enabled = normalise;
    this.crossfadeSeconds = crossfadeSeconds;
    if (turnedOn) for (const deck of this.decks ?? []) this.normaliser.measure(deck);
    this.applyVolumes();
  }

  get fadeSeconds(): number {
    return this.crossfadeSeconds;
  }

  /** Puts `track` on the playing deck (the buffered one, when it holds that very track). */
  load(track: Track, position: number, same: (a: Track | null, b: Track) => boolean) {
    this.cancelHandOver();
    this.pendingSeek = position;
    if (position === 0 && same(this.standby.track, track) && !this.standby.failed) {
      this.active.clear();
      this.activeIndex = this.activeIndex === 0 ? 1 : 0;
    } else {
      this.active.load(track, 'metadata');
      this.normaliser.measure(this.active);
    }
    this.applyVolumes();
  }

  /** The current track's file moved: the new one, from where the old one was. Whether it played. */
  reload(track: Track): boolean {
    const { audio } = this.active;
    const playing = !audio.paused;
    this.endCrossfade();
    this.cancelHandOver();
    this.pendingSeek = audio.currentTime;
    this.active.load(track, 'metadata');
    this.normaliser.measure(this.active);
    this.applyVolumes();
    return playing;
  }

  /** The current track asked of its host again, to play on from `position` once it loads. */
  reloadAt(position: number): boolean {
    const deck = this.active;
    if (!deck.track) return false;
    deck.failed = false;
    this.pendingSeek = position;
    deck.audio.src = deck.track.audio;
    return true;
  }

  /** Buffers `next` on the other deck (none: frees it). */
  buffer(next: Track | null) {
    const { standby } = this;
    if (!next) {
      if (standby.track) standby.clear();
      return;
    }
    standby.load(next, 'auto');
    this.normaliser.measure(standby);
    this.applyVolumes();
  }

  /** Moves the current track to `seconds` (within it); returns where it is. */
  seek(seconds: number): number {
    this.endCrossfade();
    const { audio } = this.active;
    const end = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Infinity;
    const position = Math.min(end, Math.max(0, seconds));
    audio.currentTime = position;
    return position;
  }

  /** Plays (both tracks during a crossfade); `refused`: the browser refused to autoplay. */
  resume(refused: () => void) {
    this.fades.crossfade?.outgoing.audio.play().catch(() => undefined);
    this.active.audio.play().catch((error: unknown) => {
      // A broken source also fires 'error', which is handled there.
      if (error instanceof DOMException && error.name === 'NotAllowedError') refused();
    });
  }

  /** Pausing during a crossfade pauses both tracks; playing again resumes the fade. */
  pause() {
    this.fades.crossfade?.outgoing.audio.pause();
    this.active.audio.pause();
  }

  /** The buffered track becomes the current one, fading the other out over `seconds`. */
  handOver(seconds: number) {
    const outgoing = this.active;
    this.activeIndex = this.activeIndex === 0 ? 1 : 0;
    if (seconds > 0) {
      this.fades.startCrossfade(outgoing, seconds);
    } else if (!outgoing.audio.paused && outgoing.remaining > 0) {
      // Started a moment early: the last milliseconds of this track still play out.
      this.tail = outgoing;
    } else {
      outgoing.clear();
    }
    this.pendingSeek = 0;
    this.applyVolumes();
  }

  /**
   * Times the hand-over from the current position: the crossfade's start, or a gapless
   * start a moment before the end (time updates come only every quarter second or so).
   * `hasNext` is asked only near the end.
   */
  scheduleHandOver(hasNext: () => boolean) {
    this.cancelHandOver();
    if (this.active.audio.paused || this.fades.crossfade) return;
    const remaining = this.active.remaining;
    if (!Number.isFinite(remaining)) return;
    const seconds = this.crossfadeSeconds;
    const startIn = seconds > 0 ? remaining - seconds : remaining - GAPLESS_LEAD_MS / 1000;
    // Far from the end, the next time update schedules it again, more precisely.
    if (startIn > 1 || !hasNext()) return;
    this.handOverTimer = setTimeout(
      () => this.events.handOverDue(Math.min(seconds, this.active.remaining)),
      Math.max(0, startIn * 1000),
    );
  }

  cancelHandOver() {
    if (this.handOverTimer === null) return;
    clearTimeout(this.handOverTimer);
    this.handOverTimer = null;
  }

  /** Ends a crossfade now: the outgoing track stops, the incoming one plays at full gain. */
  endCrossfade() {
    this.endTail();
    if (!this.fades.crossfade) return;
    const { outgoing } = this.fades.crossfade;
    this.fades.crossfade = null;
    outgoing.clear();
    this.applyVolumes();
    this.events.settled();
  }

  /** The sleep timer's fade to silence, then a pause. */
  fadeOutAndPause(durationMs: number) {
    this.sleepBreakGain = this.breakGain;
    this.fades.startSleep(durationMs);
  }

  /** The owner plays on during the sleep timer's fade: the music comes back to its volume. */
  cancelSleepFade() {
    if (!this.fades.sleeping) return;
    this.fades.cancelSleep();
    this.applyVolumes();
  }

  /** Where the playing track is: its element's time, or where it starts once it has loaded. */
  get position(): number {
    return this.pendingSeek > 0 ? this.pendingSeek : this.active.audio.currentTime;
  }

  /** Once the playing track's duration is known: the start position asked for. */
  seekPending() {
    const { audio } = this.active;
    if (this.pendingSeek > 0 && Number.isFinite(audio.duration)) {
      audio.currentTime = Math.min(this.pendingSeek, Math.max(0, audio.duration - 1));
      this.pendingSeek = 0;
    }
  }

  /**
   * Sets each element's volume: the owner's, the track's normalisation, fades, a focus
   * break. A deck on the element routed through Web Audio takes it as its gain node's gain.
   */
  private applyVolumes() {
    if (!this.decks) return;
    const gainOf = (deck: Deck) => (this.normaliser.enabled ? deck.gain : 1);
    const { fade, sleep } = this.fades.gains();
    const breakGain = this.fades.sleeping ? this.sleepBreakGain : this.breakGain;
    const level = this.volume * sleep * breakGain;
    this.active.setVolume(level * gainOf(this.active) * (fade ? fade.incoming : 1));
    if (this.fades.crossfade && fade) {
      const { outgoing } = this.fades.crossfade;
      outgoing.setVolume(level * gainOf(outgoing) * fade.outgoing);
    } else if (this.standby.track) {
      this.standby.setVolume(level * gainOf(this.standby));
    }
  }

  private onOutgoingEnded(deck: Deck) {
    if (this.fades.crossfade?.outgoing === deck) this.endCrossfade();
    if (this.tail === deck) this.endTail();
  }

  private endTail() {
    if (!this.tail) return;
    this.tail.clear();
    this.tail = null;
    this.events.settled();
  }

  private onPlaying() {
    this.normaliser.played(this.active);
    this.events.playing();
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  /** An element's events count while it holds its deck's track. */
  private listenTo(deck: Deck, audio: AudioLike): () => void {
    return listenToDeck(deck, audio, () => deck === this.active, {
      ...this.events,
      playing: () => this.onPlaying(),
      outgoingEnded: () => this.onOutgoingEnded(deck),
      standbyError: () => this.events.standbyError(deck),
    });
  }
}

import type { Observable } from 'rxjs';
import type { Track } from '@loofi/contracts';
import type { AudioLike } from './decks';

/** How long the playing track may wait for data before the player says it is buffering. */
export const BUFFERING_AFTER_MS = 500;
/** How long a track may give no audio before it is left for the next one. */
export const GIVE_UP_AFTER_MS = 15_000;
/**
 * The waits before each reload of a track whose host failed; the last repeats, often enough
 * that a host back within 13 s of the failure is asked again before the track's 15 s are up.
 */
export const RETRY_BACKOFF_MS = [1000, 2000] as const;
/**
 * A wait this long with no data arriving (no `progress`) is met with a reload: a dropped
 * connection may never error. A slow download that still moves is left to go on.
 */
export const RELOAD_WAITING_AFTER_MS = 4000;

/** `fatal`: the file is not there or not audio, skip it now; `transient`: worth retrying. */
export type FailureKind = 'fatal' | 'transient';

/** The element's `readyState` from which it has data to play on (HAVE_FUTURE_DATA). */
const HAVE_FUTURE_DATA = 3;
const HAVE_METADATA = 1;
/** How far past where it stopped a track must play for its trouble to be over. */
const RECOVERED_AFTER_SECONDS = 1;
/** How long the time of an element whose host failed may stand still before it has run out. */
const RUN_OUT_AFTER_MS = 1000;
/** `MediaError.code` for a network failure part-way through a download. */
const MEDIA_ERR_NETWORK = 2;

/** The element's error code, when it has one (a real element's `MediaError`). */
export function mediaErrorCode(audio: AudioLike): number | null {
  const { error } = audio as AudioLike & { error?: { code: number } | null };
  return error?.code ?? null;
}

/** Whether an element has data to sound now (a fake without `readyState` always has). */
export function canSound(audio: AudioLike): boolean {
  const { readyState } = audio as AudioLike & { readyState?: number };
  return readyState === undefined || readyState >= HAVE_FUTURE_DATA;
}

/** Without a look at the host, the element's own word: a network error is worth retrying. */
export const classifyByElement = (audio: AudioLike): FailureKind =>
  mediaErrorCode(audio) === MEDIA_ERR_NETWORK ? 'transient' : 'fatal';

export interface StallRecoveryOptions {
  /** The element that holds the current track, and the track; null when nothing is loaded. */
  current(): { audio: AudioLike; track: Track } | null;
  /**
   * Where the current track is: its element's time, or, before a track loaded to start
   * part-way (a resumed session, Play here) has its metadata, where it is to start.
   */
  position?(): number;
  /** The player says, or stops saying, that the current track waits for data. */
  setBuffering(buffering: boolean): void;
  /** Loads the current track again and plays it on from `position` (the browser asks for a range). */
  reload(position: number): void;
  /** The track gave no audio for `GIVE_UP_AFTER_MS`: leave it. */
  giveUp(track: Track): void;
  /** Emits when the network comes back: a waiting track is reloaded at once. */
  online$?: Observable<unknown> | undefined;
}

/**
 * Watches the current track's element: a wait for data over half a second shows as
 * buffering; a transient failure, or a long wait, reloads the track from where it stopped,
 * backing off; a track that gives no audio for 15 s is given up. Sound flowing again (the
 * position moving on) ends it all.
 */
export class StallRecovery {
  /** The track in trouble, where it stopped, and since when. */
  private trouble: { track: Track; position: number; reloaded: boolean } | null = null;
  private attempts = 0;
  private buffering = false;
  private bufferingTimer: ReturnType<typeof setTimeout> | null = null;
  private reloadTimer: ReturnType<typeof setTimeout> | null = null;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last position seen while the element played, to tell time moving on from a seek. */
  private lastSeen: number | null = null;
  private reloading = false;
  /** A track whose host failed while its element still had data to play on. */
  private failedWhilePlaying: Track | null = null;
  /** While such a track plays on: looks whether its time still moves. */
  private runningOutTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the current element's time last moved on while playing. */
  private lastFlow = 0;
  /** When data last arrived for the current element. */
  private lastProgress = 0;

  constructor(private readonly options: StallRecoveryOptions) {}

  /** The current track gives no audio and is being waited for or retried. */
  get troubled(): boolean {
    return this.trouble !== null;
  }

  /** Once the element is loaded again, its position (0 for a moment) is not the track's. */
  get holdsPosition(): boolean {
    return this.trouble?.reloaded === true;
  }

  /** Listens to these elements (events count only from the one holding the current track). */
  attach(elements: readonly AudioLike[]): () => void {
    const stops = elements.map((audio) => {
      const ifCurrent = (handler: (audio: AudioLike) => void) => () => {
        if (this.options.current()?.audio === audio) handler(audio);
      };
      const listeners: [string, () => void][] = [
        ['waiting', ifCurrent((element) => this.onWaiting(element))],
        ['stalled', ifCurrent((element) => this.onStalled(element))],
        ['playing', ifCurrent(() => this.showBuffering(false))],
        ['progress', ifCurrent(() => (this.lastProgress = Date.now()))],
        ['timeupdate', ifCurrent((element) => this.onTimeUpdate(element))],
        ['pause', ifCurrent(() => !this.reloading && this.reset())],
      ];
      for (const [type, listener] of listeners) audio.addEventListener(type, listener);
      return () => {
        for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
      };
    });
    const online = this.options.online$?.subscribe(() => this.retryNow());
    return () => {
      for (const stop of stops) stop();
      online?.unsubscribe();
      this.reset();
    };
  }

  /**
   * The current element failed. `classify` tells a missing or unplayable file (`onFatal`
   * runs, now or once the answer is in) from a failure worth riding out.
   */
  failed(classify: () => FailureKind | Promise<FailureKind>, onFatal: () => void) {
    const current = this.options.current();
    if (!current) return;
    const { track } = current;
    const act = (kind: FailureKind) => {
      // The owner may have moved on while the host was asked.
      if (this.options.current()?.track !== track) return;
      if (kind === 'fatal') {
        this.reset();
        onFatal();
        return;
      }
      if (!this.trouble && !current.audio.paused && canSound(current.audio)) {
        // The element plays on what it has; it is reloaded once that runs out.
        this.failedWhilePlaying = track;
        this.lastFlow = Date.now();
        this.watchRunningOut();
        return;
      }
      this.begin(current.audio, track);
      this.retryLater();
    };
    const kind = classify();
    if (typeof kind === 'string') act(kind);
    else kind.then(act, () => act('transient'));
  }

  /** Forgets any trouble: another track is loaded, or the owner paused. */
  reset() {
    this.failedWhilePlaying = null;
    if (this.runningOutTimer !== null) clearTimeout(this.runningOutTimer);
    this.runningOutTimer = null;
    this.clearTrouble();
  }

  /**
   * A failed element may stop where its data ends without a `waiting` event: once its time
   * has not moved for a second, it has run out.
   */
  private watchRunningOut() {
    this.runningOutTimer = setTimeout(() => {
      this.runningOutTimer = null;
      const current = this.options.current();
      if (!current || this.failedWhilePlaying !== current.track) return;
      if (current.audio.paused || Date.now() - this.lastFlow < RUN_OUT_AFTER_MS) {
        return this.watchRunningOut();
      }
      this.ranOut(current.audio, current.track);
    }, RUN_OUT_AFTER_MS);
  }

  /** What arrived before the host failed has run out: it is asked for again now. */
  private ranOut(audio: AudioLike, track: Track) {
    this.failedWhilePlaying = null;
    if (this.runningOutTimer !== null) clearTimeout(this.runningOutTimer);
    this.runningOutTimer = null;
    this.begin(audio, track);
    this.attempts = 0;
    this.scheduleReload(0);
  }

  private retryLater() {
    this.scheduleReload(RETRY_BACKOFF_MS[Math.min(this.attempts, RETRY_BACKOFF_MS.length - 1)]!);
    this.attempts += 1;
  }

  private clearTrouble() {
    this.trouble = null;
    this.attempts = 0;
    this.lastSeen = null;
    for (const timer of [this.bufferingTimer, this.reloadTimer, this.giveUpTimer]) {
      if (timer !== null) clearTimeout(timer);
    }
    this.bufferingTimer = this.reloadTimer = this.giveUpTimer = null;
    this.showBuffering(false);
  }

  private onWaiting(audio: AudioLike) {
    if (audio.paused) return;
    this.lastSeen = null;
    const { track } = this.options.current()!;
    if (this.failedWhilePlaying === track) return this.ranOut(audio, track);
    this.begin(audio, track);
    // Before its metadata an element may take long on a slow network (and fires no
    // `progress`): only a wait part-way through is met with a reload.
    const { readyState } = audio as AudioLike & { readyState?: number };
    const started = readyState === undefined || readyState >= HAVE_METADATA;
    if (started && this.reloadTimer === null) this.scheduleReload(RELOAD_WAITING_AFTER_MS, true);
  }

  /** `stalled` also fires while a paused or well-buffered element simply has no need of data. */
  private onStalled(audio: AudioLike) {
    const { readyState } = audio as AudioLike & { readyState?: number };
    if (readyState !== undefined && readyState < HAVE_FUTURE_DATA) this.onWaiting(audio);
  }

  private onTimeUpdate(audio: AudioLike) {
    const seeking = (audio as AudioLike & { seeking?: boolean }).seeking === true;
    const { currentTime } = audio;
    // Moving on by less than a couple of seconds between two updates is playing; a jump is a seek.
    const flowing =
      !audio.paused &&
      !seeking &&
      this.lastSeen !== null &&
      currentTime > this.lastSeen &&
      currentTime - this.lastSeen < 2;
    this.lastSeen = audio.paused || seeking ? null : currentTime;
    if (flowing) this.lastFlow = Date.now();
    // Over, once it has played on a second past where it stopped (a host that gives a moment
    // of audio after each reload and fails again is still in trouble).
    if (flowing && this.trouble && currentTime >= this.trouble.position + RECOVERED_AFTER_SECONDS) {
      this.clearTrouble();
    }
  }

  /** The track stopped giving audio: the buffering notice and the give-up clock start. */
  private begin(audio: AudioLike, track: Track) {
    if (this.trouble?.track === track) {
      // Waiting again: said again after the same half second.
      if (!this.buffering && this.bufferingTimer === null) {
        this.bufferingTimer = setTimeout(() => this.showBuffering(true), BUFFERING_AFTER_MS);
      }
      return;
    }
    this.clearTrouble();
    const position = this.options.position?.() ?? audio.currentTime;
    this.trouble = { track, position, reloaded: false };
    this.bufferingTimer = setTimeout(() => this.showBuffering(true), BUFFERING_AFTER_MS);
    this.giveUpTimer = setTimeout(() => this.giveUpUnlessSounding(track), GIVE_UP_AFTER_MS);
  }

  /**
   * The 15 s are up. A clock that jumped (a laptop's lid closed, a timer the browser held)
   * can run them out while the track plays again, not yet a second past where it stopped:
   * it gets the same time again, and that second clears its trouble.
   */
  private giveUpUnlessSounding(track: Track) {
    this.giveUpTimer = null;
    const current = this.options.current();
    if (current?.track !== track) return this.reset();
    const { audio } = current;
    const failed = (audio as AudioLike & { error?: unknown }).error;
    if (
      !failed &&
      !audio.paused &&
      canSound(audio) &&
      audio.currentTime > (this.trouble?.position ?? 0)
    ) {
      this.giveUpTimer = setTimeout(() => this.giveUpUnlessSounding(track), GIVE_UP_AFTER_MS);
      return;
    }
    this.reset();
    this.options.giveUp(track);
  }

  /** `unlessProgressing`: the element only waits, so data still arriving defers the reload. */
  private scheduleReload(delay: number, unlessProgressing = false) {
    if (this.reloadTimer !== null) clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => {
      this.reloadTimer = null;
      const sinceData = Date.now() - this.lastProgress;
      if (unlessProgressing && sinceData < RELOAD_WAITING_AFTER_MS) {
        this.scheduleReload(RELOAD_WAITING_AFTER_MS - sinceData, true);
      } else {
        this.reloadNow();
      }
    }, delay);
  }

  private retryNow() {
    if (!this.trouble) return;
    this.attempts = 0;
    if (this.reloadTimer !== null) clearTimeout(this.reloadTimer);
    this.reloadTimer = null;
    this.reloadNow();
  }

  private reloadNow() {
    const { trouble } = this;
    if (!trouble || this.options.current()?.track !== trouble.track) return;
    this.lastSeen = null;
    trouble.reloaded = true;
    this.reloading = true;
    try {
      this.options.reload(trouble.position);
    } finally {
      this.reloading = false;
    }
  }

  private showBuffering(buffering: boolean) {
    if (!buffering && this.bufferingTimer !== null) {
      clearTimeout(this.bufferingTimer);
      this.bufferingTimer = null;
    }
    if (this.buffering === buffering) return;
    this.buffering = buffering;
    this.options.setBuffering(buffering);
  }
}

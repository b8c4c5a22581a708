import { Subscription } from 'rxjs';
import { DEFAULT_PREFERENCES, sameTrack } from '@loofi/contracts';
import type {
  LibraryPort,
  PlayerCommand,
  Preferences,
  PreferencesStore,
  Track,
} from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import { completeQueue, mergeQueue, neighbour } from './queue';
import {
  readMusicSession,
  readPosition,
  readVolume,
  writeMusicSession,
  writePosition,
  writeVolume,
} from './player-storage';

/** The part of an HTMLAudioElement the player uses; tests give it a fake. */
export interface AudioLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  volume: number;
  muted: boolean;
  preload: string;
  play(): Promise<void>;
  pause(): void;
}

export interface PlayerEngineOptions {
  bus: PlayerBusController;
  library: LibraryPort;
  preferences: PreferencesStore;
  audio: AudioLike;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  random?: () => number;
  now?: () => number;
}

/** How often, while playing, the position is saved for 'Continue where you left off'. */
const POSITION_SAVE_INTERVAL_MS = 5000;
export const SEEK_STEP_SECONDS = 5;

export const playbackFailedMessage = (track: Track) =>
  `“${track.title}” could not be played. Its audio may be missing or in a format this browser cannot play.`;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The host's player: one audio element for the whole page, driven by the commands on the
 * bus and reporting its state there. Queue, shuffle, `music-session`, resume, auto-next and
 * recovery from broken tracks live here (ARCHITECTURE.md); remotes only dispatch.
 */
export class PlayerEngine {
  private queue: Track[] | null = null;
  /** The queue holds only a sample of a large library, until the whole library arrives. */
  private sampled = false;
  private preferences: Preferences = DEFAULT_PREFERENCES;
  private pendingSeek = 0;
  private lastSave = 0;
  private failuresInARow = 0;
  private readonly subscriptions = new Subscription();

  constructor(private readonly options: PlayerEngineOptions) {}

  start(): () => void {
    const { bus, audio, storage, library, preferences } = this.options;
    audio.preload = 'metadata';
    const volume = readVolume(storage);
    audio.volume = volume.volume;
    audio.muted = volume.muted;
    bus.setState(volume);

    let restored = false;
    this.subscriptions.add(
      preferences.preferences$.subscribe((current) => {
        this.preferences = current;
        if (!restored) {
          restored = true;
          this.restore();
        }
      }),
    );
    if (library.sample$) {
      // Subscribed first, so its short read is asked for before the whole library's.
      this.subscriptions.add(
        library.sample$.subscribe((sample) => {
          if (this.queue !== null) return;
          this.queue = [...sample];
          this.sampled = true;
          bus.setState({ queue: this.queue });
        }),
      );
    }
    this.subscriptions.add(
      library.tracks$.subscribe({
        next: (tracks) => {
          this.queue =
            this.sampled && this.queue
              ? completeQueue(this.queue, tracks, this.options.random)
              : mergeQueue(this.queue, tracks, this.options.random);
          this.sampled = false;
          bus.setState({ queue: this.queue });
        },
        // A library that cannot be read (the site's data cleared under the page) leaves
        // the queue as it was; the tabs that show the library say so.
        error: () => undefined,
      }),
    );
    this.subscriptions.add(bus.commands$.subscribe((command) => this.handle(command)));

    const listeners: [string, () => void][] = [
      ['playing', () => this.onPlaying()],
      ['play', () => bus.setState({ playing: true })],
      ['pause', () => this.onPause()],
      ['timeupdate', () => this.onTimeUpdate()],
      ['loadedmetadata', () => this.onMetadata()],
      ['durationchange', () => this.onMetadata()],
      ['ended', () => this.onEnded()],
      ['error', () => this.onError()],
    ];
    for (const [type, listener] of listeners) audio.addEventListener(type, listener);
    return () => {
      this.subscriptions.unsubscribe();
      for (const [type, listener] of listeners) audio.removeEventListener(type, listener);
      audio.pause();
    };
  }

  /** Saves where playback is, e.g. when the page is hidden or closed. */
  savePosition() {
    const { current } = this.options.bus.state;
    if (current) writePosition(this.options.storage, current, this.options.audio.currentTime);
  }

  handle(command: PlayerCommand) {
    const { bus, audio, storage } = this.options;
    switch (command.type) {
      case 'play':
        return this.play(command.track);
      case 'toggle':
        return this.toggle();
      case 'next':
        return this.skip(1);
      case 'previous':
        return this.skip(-1);
      case 'seek': {
        const end =
          Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : Infinity;
        const position = clamp(command.seconds, 0, end);
        audio.currentTime = position;
        bus.setState({ position });
        return;
      }
      case 'volume': {
        const volume = clamp(command.volume, 0, 1);
        audio.volume = volume;
        bus.setState({ volume });
        return writeVolume(storage, { volume, muted: audio.muted });
      }
      case 'mute':
        audio.muted = command.muted;
        bus.setState({ muted: command.muted });
        return writeVolume(storage, { volume: audio.volume, muted: command.muted });
    }
  }

  /** SPEC §4: the same audio again toggles; another track starts and becomes the session. */
  private play(track: Track) {
    if (sameTrack(track, this.options.bus.state.current)) return this.toggle();
    this.load(track, 0);
    writeMusicSession(this.options.storage, track);
    this.resume();
  }

  private toggle() {
    const { audio, bus } = this.options;
    const { current } = bus.state;
    if (!current) {
      const first = neighbour(this.queue ?? [], null, 1);
      if (first) this.play(first);
      return;
    }
    if (audio.paused) {
      bus.setState({ error: null });
      this.resume();
    } else audio.pause();
  }

  private skip(step: 1 | -1) {
    const next = neighbour(this.queue ?? [], this.options.bus.state.current, step);
    if (next) this.play(next);
  }

  private load(track: Track, position: number, error: string | null = null) {
    const { audio, bus } = this.options;
    this.pendingSeek = position;
    audio.src = track.audio;
    bus.setState({ current: track, position, duration: 0, error, playing: false });
  }

  private resume() {
    const { audio, bus } = this.options;
    audio.play().catch((error: unknown) => {
      // A refused autoplay leaves the player paused, ready for a click; a broken source
      // also fires 'error', which is handled there.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        bus.setState({ playing: false });
      }
    });
  }

  /** 'Continue where you left off': the last track at its position, paused. */
  private restore() {
    if (!this.preferences.resume) return;
    const track = readMusicSession(this.options.storage);
    if (track) this.load(track, readPosition(this.options.storage, track));
  }

  private onPlaying() {
    this.failuresInARow = 0;
    this.options.bus.setState({ playing: true });
  }

  private onPause() {
    this.options.bus.setState({ playing: false });
    this.savePosition();
  }

  private onTimeUpdate() {
    const { audio, bus } = this.options;
    bus.setState({ position: audio.currentTime });
    const now = (this.options.now ?? Date.now)();
    if (!audio.paused && now - this.lastSave >= POSITION_SAVE_INTERVAL_MS) {
      this.lastSave = now;
      this.savePosition();
    }
  }

  private onMetadata() {
    const { audio, bus } = this.options;
    if (this.pendingSeek > 0 && Number.isFinite(audio.duration)) {
      audio.currentTime = Math.min(this.pendingSeek, Math.max(0, audio.duration - 1));
      this.pendingSeek = 0;
    }
    bus.setState({
      duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      position: audio.currentTime,
    });
  }

  /** 'Automatically play another music': the next track of the queue, never the same one. */
  private onEnded() {
    const { bus, storage } = this.options;
    const { current } = bus.state;
    if (current) writePosition(storage, current, 0);
    bus.setState({ playing: false });
    if (this.preferences.autoPlay) this.skip(1);
  }

  private onError() {
    const { bus } = this.options;
    const { current } = bus.state;
    if (!current) return;
    this.failuresInARow += 1;
    bus.setState({ playing: false, error: playbackFailedMessage(current) });
    // Move on, but stop once every track of the queue has failed in a row.
    if (this.preferences.autoPlay && this.failuresInARow < (this.queue?.length ?? 0)) {
      const next = neighbour(this.queue ?? [], current, 1);
      if (next) {
        // The message stays up while the next track starts.
        this.load(next, 0, playbackFailedMessage(current));
        writeMusicSession(this.options.storage, next);
        this.resume();
      }
    }
  }
}

import { Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import { DEFAULT_PREFERENCES, sameTrack } from '@loofi/contracts';
import type {
  LibraryPort,
  PlayerCommand,
  PlayerState,
  Preferences,
  PreferencesStore,
  Track,
} from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import { PlayQueue } from './play-queue';
import type { SharedOrder } from './play-queue';
import { keyOf, sameEntry } from './queue-order';
import { storagePersistence } from './player-persistence';
import type { PlayerPersistence } from './player-persistence';
import type { SleepControls } from './sleep-timer';
import { Playback } from './playback';
import type { ClassifyFailure } from './playback-failures';
import { Transport } from './transport';
import type { TransportOptions } from './transport';

export type { AudioLike, RoutedAudio } from './decks';
export { playbackGain } from './normaliser';
export type { LoudnessSource } from './normaliser';

export interface PlayerEngineOptions extends TransportOptions {
  bus: PlayerBusController;
  library: LibraryPort;
  preferences: PreferencesStore;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  random?: () => number;
  /** The owner asked the browser to save data: added tracks are not downloaded to be measured. */
  saveData?: () => boolean;
  /**
   * Whether a track can play now: offline, only the tracks kept offline. The queue skips the
   * others, saying so once (until `online$` says the network is back).
   */
  playable?: (track: Track) => boolean;
  online$?: Observable<boolean>;
  /** One player per browser (player-ownership.ts): a command that moves the music here instead. */
  claims?: (command: PlayerCommand) => boolean;
  /** The sleep timer ran out while another tab plays: that tab fades out (true then). */
  sleepsElsewhere?: (durationMs: number) => boolean;
  /** Whether the current element's failure is worth retrying (default: its error code). */
  classifyFailure?: ClassifyFailure;
}

export {
  NOTHING_KEPT_MESSAGE,
  NOTHING_PLAYS_MESSAGE,
  OFFLINE_SKIP_MESSAGE,
  playbackFailedMessage,
  PRELOAD_LEAD_SECONDS,
  skippedMessage,
} from './playback';

/** The bus once no player runs: nothing current, nothing playing; volume and mute stay. */
const STOPPED = {
  current: null,
  currentKey: null,
  playing: false,
  position: 0,
  duration: 0,
  queue: [],
  upNext: [],
  error: null,
  buffering: false,
} satisfies Partial<PlayerState>;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The host's player, wiring its parts to the bus, the library and the preferences: the play
 * order (`PlayQueue`), what plays when (`Playback`: play, pause, auto-next, hand-over,
 * broken tracks), how it sounds (`Transport`: decks, crossfade, fades, gains) and what it
 * keeps (`PlayerPersistence`). Remotes only dispatch (ARCHITECTURE.md).
 */
export class PlayerEngine implements SleepControls {
  private readonly queue: PlayQueue;
  private readonly store: PlayerPersistence;
  private readonly transport: Transport;
  private readonly playback: Playback;
  private preferences: Preferences = DEFAULT_PREFERENCES;
  private readonly subscriptions = new Subscription();
  private volume = 1;
  /** How many times the sleep timer has faded the music out (a focus break never undoes one). */
  sleeps = 0;
  readonly stoppedAtEndOfTrack$: Observable<void>;

  constructor(private readonly options: PlayerEngineOptions) {
    this.queue = new PlayQueue(options.random, options.playable);
    this.store = storagePersistence(options.storage);
    this.playback = new Playback({
      bus: options.bus,
      queue: this.queue,
      store: this.store,
      transport: () => this.transport,
      preferences: () => this.preferences,
      setState: (patch) => this.setState(patch),
      now: options.now,
      classifyFailure: options.classifyFailure,
      online$: options.online$,
    });
    this.transport = new Transport(options, this.playback.events);
    this.stoppedAtEndOfTrack$ = this.playback.stoppedAtEndOfTrack$;
  }

  /** The element playing the current track (tests and the page's media controls read it). */
  get audio() {
    return this.transport.active.audio;
  }

  start(): () => void {
    const { bus, library, preferences } = this.options;
    const volume = this.store.volume();
    this.volume = volume.volume;
    const stopTransport = this.transport.start(volume, (elements) => this.playback.watch(elements));
    bus.setState(volume);

    let restored = false;
    this.subscriptions.add(
      preferences.preferences$.subscribe((current) => {
        this.preferences = current;
        this.transport.setLevels({
          normalise: current.normalize ?? true,
          crossfadeSeconds: clamp(current.crossfade ?? 0, 0, 60),
        });
        if (!restored) {
          restored = true;
          this.playback.restore();
        }
        this.playback.prepareNext();
      }),
    );
    if (library.sample$) {
      // Subscribed first, so its short read is asked for before the whole library's.
      this.subscriptions.add(
        library.sample$.subscribe((sample) => {
          if (this.queue.fromSample(sample)) this.publishQueue();
        }),
      );
    }
    this.subscriptions.add(
      library.tracks$.subscribe({
        next: (tracks) => {
          this.queue.fromLibrary(tracks);
          this.followEdit();
          this.publishQueue();
          this.transport.normaliser.measureAdded(tracks, this.options.saveData?.() === true);
        },
        // A library that cannot be read (the site's data cleared under the page) leaves
        // the queue as it was; the tabs that show the library say so.
        error: () => undefined,
      }),
    );
    this.subscriptions.add(bus.commands$.subscribe((command) => this.handle(command)));
    if (this.options.online$) {
      this.subscriptions.add(
        this.options.online$.subscribe((online) => {
          if (!online) return;
          this.queue.online();
          this.playback.prepareNext();
        }),
      );
    }
    return () => {
      this.subscriptions.unsubscribe();
      stopTransport();
      // The page's bus outlives this player (a sign-out): it must not show music playing.
      bus.setState(STOPPED);
    };
  }

  /** Saves where playback is, e.g. when the page is hidden or closed. */
  savePosition() {
    this.playback.savePosition();
  }

  handle(command: PlayerCommand) {
    // One player per browser: Play in a tab that is not the player takes the music over,
    // and a queue command there goes to the tab that plays.
    if (this.options.claims?.(command)) return;
    this.perform(command);
  }

  /** Carries out `command` here, whichever tab plays (a queue command another tab sent). */
  perform(command: PlayerCommand) {
    const { bus } = this.options;
    const { current } = bus.state;
    switch (command.type) {
      case 'play':
        // SPEC §4: the owner choosing the same audio again toggles, whichever entry holds it.
        if (sameTrack(command.track, current)) return this.playback.toggle();
        // The queue's own entry: its library key tells apart two entries of one audio.
        return this.playback.play(this.queue.find(command.track) ?? command.track);
      case 'toggle':
        return this.playback.toggle();
      case 'next':
        return this.playback.skip(1);
      case 'previous':
        return this.playback.skip(-1);
      case 'seek':
        bus.setState({ position: this.transport.seek(command.seconds) });
        return this.playback.scheduleHandOver();
      case 'volume':
        this.volume = clamp(command.volume, 0, 1);
        this.transport.setVolume(this.volume);
        bus.setState({ volume: this.volume });
        return this.store.saveVolume({ volume: this.volume, muted: this.transport.muted });
      case 'mute':
        this.transport.setMuted(command.muted);
        bus.setState({ muted: command.muted });
        return this.store.saveVolume({ volume: this.volume, muted: command.muted });
      case 'playNext':
      case 'enqueue': {
        const where = command.type === 'playNext' ? 'next' : 'last';
        if (this.queue.queueAfter(current, command.track, where)) this.publishQueue();
        return;
      }
      case 'dequeue':
        if (this.queue.remove(current, command.track)) this.publishQueue();
        return;
      case 'move':
        this.queue.move(current, command.track, command.to);
        return this.publishQueue();
    }
  }

  /**
   * Another device's session: `track` at `position`, paused, as 'Continue where you left
   * off' shows it, unless the owner has already started playback on this page.
   */
  continueAt(track: Track, position: number): boolean {
    const { bus } = this.options;
    if (!this.transport.started || this.playback.startedHere || bus.state.playing) return false;
    this.transport.endCrossfade();
    this.playback.load(track, Math.max(0, position));
    this.store.saveTrack(track);
    this.store.savePosition(track, Math.max(0, position));
    return true;
  }

  // One player per browser (player-ownership.ts): the music moves between this browser's tabs.

  /** `track` at `position` on this page, playing or paused. */
  cue(track: Track, position: number, play: boolean) {
    if (!this.transport.started) return;
    this.transport.endCrossfade();
    this.playback.load(track, Math.max(0, position));
    if (!play) return;
    this.playback.startedHere = true;
    this.store.saveTrack(track);
    this.playback.resume();
  }

  /** Pauses the music here: another tab plays it now. */
  pause() {
    if (this.transport.started) this.transport.pause();
  }

  /** The play order, as the other tabs adopt it. */
  sharedOrder(): SharedOrder {
    return this.queue.shared();
  }

  /** The order of the tab that plays: this tab shows, and would play, what plays there. */
  adoptOrder(order: SharedOrder) {
    this.queue.adopt(order);
    this.publishQueue();
  }

  // The sleep timer's controls.

  fadeOutAndPause(durationMs: number) {
    if (this.options.sleepsElsewhere?.(durationMs)) return;
    this.sleeps += 1;
    this.transport.fadeOutAndPause(durationMs);
  }

  /** A focus break's level of the music (the focus timer's break-policy.ts ramps it). */
  setBreakGain(gain: number) {
    this.transport.setBreakGain(gain);
  }

  stopAtEndOfTrack(on: boolean) {
    this.playback.stopAtEnd = on;
    if (on) this.transport.endCrossfade();
    this.playback.prepareNext();
  }

  /** Says the queue's order and what plays next; the current track's changes say it too. */
  private publishQueue() {
    this.setState({ queue: this.queue.tracks });
    this.playback.prepareNext();
    this.playback.libraryArrived();
  }

  /**
   * The bus's state, with the up-next list whenever the current track or the order moves,
   * and the current entry's library key with the current track.
   */
  private setState(patch: Partial<PlayerState>) {
    const { bus } = this.options;
    if (!('current' in patch) && !('queue' in patch)) return bus.setState(patch);
    const current = 'current' in patch ? (patch.current ?? null) : bus.state.current;
    const keyed = 'current' in patch ? { currentKey: (current && keyOf(current)) ?? null } : {};
    bus.setState({ ...patch, ...keyed, upNext: this.queue.upNext(current) });
  }

  /**
   * The current track as the library holds it now: an edit (title, author, cover) shows at
   * once, and a new audio address plays the new file from where the old one was.
   */
  private followEdit() {
    const { current } = this.options.bus.state;
    const entry = this.queue.find(current);
    if (!current || !entry || entry === current || !this.transport.started) return;
    const edited = (['title', 'author', 'audio', 'image'] as const).some(
      (field) => entry[field] !== current[field],
    );
    const keyed = keyOf(entry) !== keyOf(current);
    if (!edited && !keyed) return;
    this.setState({ current: entry });
    const { active, standby } = this.transport;
    for (const deck of [active, standby]) {
      if (sameEntry(deck.track, entry) && deck.track?.audio === entry.audio) deck.track = entry;
    }
    if (!edited) return;
    this.store.saveTrack(entry);
    if (entry.audio === current.audio) return;
    this.store.savePosition(entry, active.audio.currentTime);
    if (this.transport.reload(entry)) this.playback.resume();
  }
}

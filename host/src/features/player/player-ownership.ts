import type { BehaviorSubject, Observable } from 'rxjs';
import { sameTrack } from '@loofi/contracts';
import type { PlayerCommand, PlayerState, Track } from '@loofi/contracts';

/** The channel the tabs of loofi speak on, and the lock the tab that plays holds. */
export const PLAYER_CHANNEL = 'loofi-player';
export const PLAYER_LOCK = 'loofi-player';
/**
 * The other tabs reckon the playing tab's position from its last word and the clock; it
 * speaks again when the music drifts from that reckoning by more than this (a seek, a stall).
 */
const DRIFT_SECONDS = 0.5;

/** What the tabs tell each other. */
export type OwnershipMessage =
  /** I play `track`, at `position` at the time `at` (ms); I started playing at `since`. */
  | { kind: 'playing'; from: string; since: number; track: Track; position: number; at: number }
  /** I stopped playing: `track` waits at `position`. */
  | { kind: 'paused'; from: string; track: Track | null; position: number }
  /** Which tab plays? (a tab that has just opened) */
  | { kind: 'who'; from: string };

/** What the ownership asks of this tab's player. */
export interface TabPlayer {
  /** `track` at `position` on this page, playing or paused. */
  cue(track: Track, position: number, play: boolean): void;
  pause(): void;
}

export type OwnershipChannel = Pick<
  BroadcastChannel,
  'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'
>;
export type OwnershipLocks = Pick<LockManager, 'request'>;

export interface PlayerOwnershipOptions {
  state$: Observable<PlayerState>;
  /** This tab's player state now. */
  state: () => PlayerState;
  player: TabPlayer;
  channel: OwnershipChannel;
  /** Web Locks: without them, a tab closed while playing is not noticed until it says so. */
  locks?: OwnershipLocks | undefined;
  /** Whether another tab plays the music now (the player bar says so). */
  playingElsewhere: BehaviorSubject<boolean>;
  now?: () => number;
  id?: string;
}

export interface PlayerOwnership {
  /** Carries out `command` instead of the player when it moves the music here (true then). */
  claims(command: PlayerCommand): boolean;
  stop(): void;
}

type Elsewhere = Extract<OwnershipMessage, { kind: 'playing' }>;

/**
 * One player per browser: of all the tabs of loofi, only the one that played last plays.
 * It holds a Web Lock while it plays and tells the others on a BroadcastChannel where the
 * music is; they pause, show it, and take it over at that position when the owner presses
 * Play (or Play here) in one of them. Messages never start the music: only a press does.
 */
export function startPlayerOwnership(options: PlayerOwnershipOptions): PlayerOwnership {
  const { state$, state, player, channel, locks, playingElsewhere } = options;
  const now = options.now ?? Date.now;
  const id = options.id ?? `${now()}-${Math.random().toString(36).slice(2)}`;
  /** When this tab started playing, while it plays. */
  let since: number | null = null;
  /** The tab that plays, while it is another one. */
  let elsewhere: Elsewhere | null = null;
  /** What this tab last said of its music. */
  let told: { track: Track; position: number; at: number } | null = null;
  let releaseLock: (() => void) | null = null;
  let watching: AbortController | null = null;
  /** The latest claim heard from another tab: a claim made after it must win over it. */
  let latestHeard = 0;
  let wasPlaying = state().playing;

  const post = (message: OwnershipMessage) => channel.postMessage(message);

  const reckon = (position: number, at: number) => position + Math.max(0, now() - at) / 1000;

  const tell = (current: PlayerState) => {
    if (since === null || !current.current) return;
    told = { track: current.current, position: current.position, at: now() };
    post({ kind: 'playing', from: id, since, ...told });
  };

  const showElsewhere = (other: Elsewhere | null) => {
    elsewhere = other;
    if (playingElsewhere.value !== (other !== null)) playingElsewhere.next(other !== null);
  };

  const unwatch = () => {
    watching?.abort();
    watching = null;
  };

  const release = () => {
    releaseLock?.();
    releaseLock = null;
  };

  /** Holds the lock (taking it from the tab that played before), then says so. */
  const hold = (then: () => void) => {
    unwatch();
    release();
    if (!locks) return then();
    let done!: () => void;
    const held = new Promise<void>((resolve) => (done = resolve));
    releaseLock = done;
    locks
      .request(PLAYER_LOCK, { steal: true }, () => {
        if (releaseLock === done) then();
        return held;
      })
      // Taken by a later tab, which says so on the channel.
      .catch(() => undefined);
  };

  /** Granted the lock once no tab holds it: the tab that played has gone without a word. */
  const watch = () => {
    if (!locks || watching) return;
    const controller = new AbortController();
    watching = controller;
    locks
      .request(PLAYER_LOCK, { signal: controller.signal }, () => {
        if (watching !== controller) return;
        watching = null;
        const gone = elsewhere;
        showElsewhere(null);
        if (gone && since === null) player.cue(gone.track, reckon(gone.position, gone.at), false);
      })
      .catch(() => undefined);
  };

  /** This tab plays: it takes the lock, then tells the others where the music is. */
  const claim = () => {
    since = Math.max(now(), latestHeard + 1);
    const claimed = since;
    showElsewhere(null);
    hold(() => {
      if (since === claimed) tell(state());
    });
  };

  const stopPlaying = (current: PlayerState) => {
    since = null;
    told = null;
    release();
    post({ kind: 'paused', from: id, track: current.current, position: current.position });
  };

  const drifted = (current: PlayerState) => {
    if (!told || !current.current) return true;
    if (!sameTrack(told.track, current.current)) return true;
    return Math.abs(current.position - reckon(told.position, told.at)) > DRIFT_SECONDS;
  };

  const subscription = state$.subscribe((current) => {
    const { playing } = current;
    if (playing && !wasPlaying) claim();
    else if (playing && since !== null && told && drifted(current)) tell(current);
    else if (!playing && wasPlaying && since !== null) stopPlaying(current);
    wasPlaying = playing;
  });

  const wins = (other: Elsewhere) =>
    since !== null && (since > other.since || (since === other.since && id > other.from));

  const onPlayingElsewhere = (other: Elsewhere) => {
    latestHeard = Math.max(latestHeard, other.since);
    if (since !== null && wins(other)) {
      // Both pressed Play at once: the later press keeps the music, and says so again.
      const claimed = since;
      hold(() => {
        if (since === claimed) tell(state());
      });
      return;
    }
    // Marked before pausing, so the pause is not told as this tab's own.
    since = null;
    told = null;
    release();
    const current = state();
    showElsewhere(other);
    if (current.playing) player.pause();
    if (!sameTrack(current.current, other.track)) {
      player.cue(other.track, reckon(other.position, other.at), false);
    }
    watch();
  };

  const onMessage = (event: MessageEvent<OwnershipMessage>) => {
    const message = event.data;
    if (!message || message.from === id) return;
    switch (message.kind) {
      case 'who':
        return tell(state());
      case 'playing':
        return onPlayingElsewhere(message);
      case 'paused': {
        if (elsewhere?.from !== message.from) return;
        unwatch();
        showElsewhere(null);
        // The music waits here too, where it stopped there.
        if (message.track && since === null && !state().playing) {
          player.cue(message.track, message.position, false);
        }
      }
    }
  };

  /** A tab closed while playing says where the music stopped. */
  const onPageHide = () => {
    if (since !== null) stopPlaying(state());
  };

  channel.addEventListener('message', onMessage as EventListener);
  globalThis.addEventListener?.('pagehide', onPageHide);
  post({ kind: 'who', from: id });

  const playHere = (other: Elsewhere) => {
    unwatch();
    showElsewhere(null);
    player.cue(other.track, reckon(other.position, other.at), true);
  };

  return {
    claims(command) {
      if (!elsewhere) return false;
      const here =
        command.type === 'toggle' ||
        (command.type === 'play' && sameTrack(command.track, elsewhere.track));
      if (here) playHere(elsewhere);
      return here;
    },
    stop() {
      subscription.unsubscribe();
      channel.removeEventListener('message', onMessage as EventListener);
      globalThis.removeEventListener?.('pagehide', onPageHide);
      if (since !== null) stopPlaying(state());
      unwatch();
      release();
      showElsewhere(null);
      channel.close();
    },
  };
}

import type { BehaviorSubject, Observable } from 'rxjs';
import { sameTrack } from '@loofi/contracts';
import type { PlayerCommand, PlayerState, Track } from '@loofi/contracts';
import type { SharedOrder } from './play-queue';

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
  | { kind: 'who'; from: string }
  /** I am open too (a tab that does not play answers `who`). */
  | { kind: 'here'; from: string }
  /** My play order (the tab that plays, when it changes): the other tabs adopt it. */
  | { kind: 'order'; from: string; order: SharedOrder }
  /** For the tab `to`, which plays: a command of the order or the sound the owner gave here. */
  | { kind: 'queue'; from: string; to: string; command: SentCommand }
  /** For the tab `to`, which plays: the sleep timer set here ran out; fade out over `ms`. */
  | { kind: 'sleep'; from: string; to: string; ms: number };

/** The commands that shape the play order: in a tab that does not play, they go to the one that does. */
export type QueueCommand = Extract<
  PlayerCommand,
  { type: 'playNext' | 'enqueue' | 'dequeue' | 'move' }
>;
const QUEUE_COMMANDS: ReadonlySet<PlayerCommand['type']> = new Set([
  'playNext',
  'enqueue',
  'dequeue',
  'move',
]);
const isQueueCommand = (command: PlayerCommand): command is QueueCommand =>
  QUEUE_COMMANDS.has(command.type);

/**
 * How loud the music is: sent to the tab that plays, and kept here. (A seek is not: this tab
 * shows no seek bar while another plays, and its own position is not the music's.)
 */
export type SoundCommand = Extract<PlayerCommand, { type: 'volume' | 'mute' }>;
const isSoundCommand = (command: PlayerCommand): command is SoundCommand =>
  command.type === 'volume' || command.type === 'mute';

/** What a tab sends the tab that plays. */
export type SentCommand = QueueCommand | SoundCommand;

function sameOrder(one: SharedOrder, other: SharedOrder): boolean {
  return (
    one.queuedAhead === other.queuedAhead &&
    sameKeys(one.keys, other.keys) &&
    sameKeys(one.removed, other.removed)
  );
}

function sameKeys(one: readonly string[], other: readonly string[]): boolean {
  if (one.length !== other.length) return false;
  for (let index = 0; index < one.length; index += 1) {
    if (one[index] !== other[index]) return false;
  }
  return true;
}

/** What the ownership asks of this tab's player. */
export interface TabPlayer {
  /** `track` at `position` on this page, playing or paused. */
  cue(track: Track, position: number, play: boolean): void;
  pause(): void;
  /** Carries out a command another tab sent here. */
  perform(command: SentCommand): void;
  /** The play order, to tell the other tabs. */
  sharedOrder(): SharedOrder;
  /** The order of the tab that plays. */
  adoptOrder(order: SharedOrder): void;
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
  /** The sleep timer's fade and pause, here (with what else sounds: the ambience). */
  sleep(durationMs: number): void;
  now?: () => number;
  id?: string;
}

export interface PlayerOwnership {
  /** Carries out `command` instead of the player when it moves the music here (true then). */
  claims(command: PlayerCommand): boolean;
  /**
   * The sleep timer ran out here: where another tab plays, that tab fades out and pauses
   * (true then); otherwise the music is this tab's to fade.
   */
  sleepsElsewhere(durationMs: number): boolean;
  stop(): void;
}

type Elsewhere = Extract<OwnershipMessage, { kind: 'playing' }>;

/**
 * One player per browser: of all the tabs of loofi, only the one that played last plays.
 * It holds a Web Lock while it plays and tells the others on a BroadcastChannel where the
 * music is; they pause, show it, and take it over at that position when the owner presses
 * Play (or Play here) in one of them. Messages never start the music: only a press does.
 * The tab that plays also tells its play order, which the others adopt (their Home cards
 * and Queue show what plays); a queue command given in another tab is sent to it. While no
 * tab plays, a tab whose order the owner changes tells it, so the music goes on in that
 * order whichever tab plays next.
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
  /** Another tab has spoken: only then is the order worth telling (a large library's is big). */
  let heard = false;
  let toldQueue = state().queue;
  /** The order this tab last told: told again only when it changes (a large library's is big). */
  let toldOrder: SharedOrder | null = null;
  /** The last tab that told its order: a tab of an earlier release tells none. */
  let orderFrom: string | null = null;
  let stopped = false;

  const post = (message: OwnershipMessage) => channel.postMessage(message);

  const reckon = (position: number, at: number) => position + Math.max(0, now() - at) / 1000;

  const tell = (current: PlayerState) => {
    if (since === null || !current.current) return;
    told = { track: current.current, position: current.position, at: now() };
    post({ kind: 'playing', from: id, since, ...told });
  };

  /** Tells this tab's order to the others; `again` even if it has not changed (a new tab). */
  const tellOrder = (again = false) => {
    toldQueue = state().queue;
    if (!heard) return;
    const order = player.sharedOrder();
    if (!again && toldOrder && sameOrder(order, toldOrder)) return;
    toldOrder = order;
    post({ kind: 'order', from: id, order });
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
      if (since !== claimed) return;
      tell(state());
      tellOrder(true);
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
    if (since !== null && told && current.queue !== toldQueue) tellOrder();
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
    if (!heard) {
      heard = true;
      // The first word of another tab, after this one began to play (`who` is answered below).
      if (since !== null && told && message.kind !== 'who') tellOrder();
    }
    switch (message.kind) {
      case 'who':
        if (since === null) return post({ kind: 'here', from: id });
        tell(state());
        tellOrder(true);
        return;
      case 'playing':
        return onPlayingElsewhere(message);
      case 'order':
        // The order of the tab that plays, or while none plays, of the last one changed; the
        // music here keeps its own. A late word of a tab that no longer plays is not heard.
        if (since !== null || (elsewhere && elsewhere.from !== message.from)) return;
        orderFrom = message.from;
        player.adoptOrder(message.order);
        return;
      case 'queue':
        if (message.to !== id) return;
        // This tab stopped on its way: the command goes on to the tab that plays now.
        if (since === null && elsewhere && orderFrom === elsewhere.from) {
          return post({ kind: 'queue', from: id, to: elsewhere.from, command: message.command });
        }
        player.perform(message.command);
        // Told by the queue's change while this tab plays; else (it stopped meanwhile) now.
        if (since === null) tellOrder();
        return;
      case 'sleep':
        if (message.to !== id) return;
        if (since !== null) return options.sleep(message.ms);
        // This tab stopped on its way: the timer's end goes on to the tab that plays now.
        if (elsewhere) post({ ...message, from: id, to: elsewhere.from });
        return;
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
      if (!elsewhere) {
        // While no tab plays, the order changed here is the one the others show, and the one
        // whichever tab plays next goes on with (told once the player has carried it out).
        if (since === null && isQueueCommand(command)) {
          queueMicrotask(() => {
            if (!stopped) tellOrder();
          });
        }
        return false;
      }
      if (isQueueCommand(command)) {
        // A playing tab of an earlier release, which tells no order, would not hear it: the
        // command then shapes this tab's own order, as it did there.
        if (orderFrom !== elsewhere.from) return false;
        post({ kind: 'queue', from: id, to: elsewhere.from, command });
        return true;
      }
      if (isSoundCommand(command)) {
        // The music sounds louder or softer where it plays; this tab's bar and saved volume
        // follow too (the player carries it out here as well).
        if (orderFrom === elsewhere.from)
          post({ kind: 'queue', from: id, to: elsewhere.from, command });
        return false;
      }
      const here =
        command.type === 'toggle' ||
        (command.type === 'play' && sameTrack(command.track, elsewhere.track));
      if (here) playHere(elsewhere);
      return here;
    },
    sleepsElsewhere(durationMs) {
      // A playing tab of an earlier release would not hear it: this tab pauses its own.
      if (!elsewhere || orderFrom !== elsewhere.from) return false;
      post({ kind: 'sleep', from: id, to: elsewhere.from, ms: durationMs });
      return true;
    },
    stop() {
      stopped = true;
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

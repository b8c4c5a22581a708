import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { PlayerCommand, PlayerState, Track } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { connectMediaSession } from './media-session';

const paints = vi.hoisted(() => ({ pending: [] as (() => void)[] }));
vi.mock('@loofi/ui/async', () => ({
  afterNextPaint: () => new Promise<void>((resolve) => paints.pending.push(resolve)),
}));

/** The browser paints: what waited for the paint runs. */
async function paint() {
  for (const resolve of paints.pending.splice(0)) resolve();
  await Promise.resolve();
}

const track = (title: string): Track => ({
  title,
  author: 'Someone',
  audio: `https://example.com/${title}.mp3`,
  image: `https://example.com/${title}.jpg`,
});

class FakeMediaSession {
  playbackState: MediaSessionPlaybackState = 'none';
  metadata: { title: string } | null = null;
  metadataSets = 0;
  readonly handlers = new Map<MediaSessionAction, MediaSessionActionHandler | null>();
  readonly positions: (MediaPositionState | undefined)[] = [];
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    this.handlers.set(action, handler);
  }
  setPositionState(state?: MediaPositionState) {
    if (state && !(Number.isFinite(state.duration) && (state.duration ?? 0) > 0)) {
      throw new TypeError('A duration the system cannot show');
    }
    this.positions.push(state);
  }
}

let session: FakeMediaSession;
let state$: BehaviorSubject<PlayerState>;
let commands: PlayerCommand[];
let disconnect: () => void;
let clock: number;
let rate: number;

beforeEach(() => {
  paints.pending.length = 0;
  vi.stubGlobal(
    'MediaMetadata',
    class {
      readonly title: string;
      constructor(init: MediaMetadataInit) {
        this.title = init.title ?? '';
        session.metadataSets += 1;
      }
    },
  );
  session = new FakeMediaSession();
  state$ = new BehaviorSubject<PlayerState>(INITIAL_PLAYER_STATE);
  const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE });
  commands = [];
  bus.commands$.subscribe((command) => commands.push(command));
  clock = 0;
  rate = 1;
  disconnect = connectMediaSession(session as unknown as MediaSession, bus, state$, {
    now: () => clock,
    playbackRate: () => rate,
  });
});

afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

describe('connectMediaSession', () => {
  it("shows the track on the system's controls once the press has been painted, not in the press", async () => {
    await paint();
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    expect(session.playbackState).toBe('none');
    expect(session.metadata).toBeNull();

    await paint();
    expect(session.playbackState).toBe('playing');
    expect(session.metadata?.title).toBe('Rain');
  });

  it('applies only the latest of the states reported before a paint', async () => {
    await paint();
    const rain = track('Rain');
    for (let position = 0; position < 5; position += 1) {
      state$.next({ ...INITIAL_PLAYER_STATE, current: rain, playing: true, position });
    }
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Snow'), playing: false });
    await paint();
    expect(session.metadataSets).toBe(1);
    expect(session.metadata?.title).toBe('Snow');
    expect(session.playbackState).toBe('paused');
  });

  it('shows an edit of the playing track, and sets the metadata again only for one', async () => {
    const rain = track('Rain');
    state$.next({ ...INITIAL_PLAYER_STATE, current: rain, playing: true });
    await paint();
    state$.next({ ...INITIAL_PLAYER_STATE, current: { ...rain }, playing: true, position: 3 });
    await paint();
    expect(session.metadataSets).toBe(1);
    state$.next({
      ...INITIAL_PLAYER_STATE,
      current: { ...rain, title: 'Heavy rain' },
      playing: true,
    });
    await paint();
    expect(session.metadataSets).toBe(2);
    expect(session.metadata?.title).toBe('Heavy rain');
  });

  it("routes a headset's play and pause by the state at once, before any paint", () => {
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    session.handlers.get('play')?.({ action: 'play' });
    expect(commands).toEqual([]);
    session.handlers.get('pause')?.({ action: 'pause' });
    expect(commands).toEqual([{ type: 'toggle' }]);
  });

  it("takes the track off the system's controls when disconnected (a sign-out)", async () => {
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true, duration: 90 });
    await paint();
    expect(session).toMatchObject({ playbackState: 'playing', metadata: { title: 'Rain' } });
    disconnect();
    expect(session).toMatchObject({ playbackState: 'none', metadata: null });
    expect(session.positions).toEqual([expect.objectContaining({ duration: 90 }), undefined]);
  });

  it('changes nothing once disconnected, even for a state that waited for a paint', async () => {
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    disconnect();
    await paint();
    expect(session.metadata).toBeNull();
    expect(session.handlers.get('play')).toBeNull();
  });
});

describe("the system's scrubber", () => {
  const rain = track('Rain');
  const snow = track('Snow');
  const at = (patch: Partial<PlayerState>) => ({ ...INITIAL_PLAYER_STATE, ...patch });

  it('is given the position on play, and again only when the music moves otherwise', async () => {
    state$.next(at({ current: rain, duration: 200, position: 10, playing: true }));
    await paint();
    expect(session.positions).toEqual([{ duration: 200, position: 10, playbackRate: 1 }]);

    // Playing on as the clock says: the system reckons it alone.
    for (let second = 1; second <= 5; second += 1) {
      clock += 1000;
      state$.next(at({ current: rain, duration: 200, position: 10 + second, playing: true }));
      await paint();
    }
    expect(session.positions).toHaveLength(1);

    // A seek.
    state$.next(at({ current: rain, duration: 200, position: 90, playing: true }));
    await paint();
    expect(session.positions.at(-1)).toEqual({ duration: 200, position: 90, playbackRate: 1 });

    // A pause, and Play again.
    clock += 2000;
    state$.next(at({ current: rain, duration: 200, position: 92, playing: false }));
    await paint();
    expect(session.positions.at(-1)).toEqual({ duration: 200, position: 92, playbackRate: 1 });
    state$.next(at({ current: rain, duration: 200, position: 92, playing: true }));
    await paint();
    expect(session.positions).toHaveLength(4);

    // A change of rate.
    rate = 1.5;
    state$.next(at({ current: rain, duration: 200, position: 92, playing: true }));
    await paint();
    expect(session.positions.at(-1)).toEqual({ duration: 200, position: 92, playbackRate: 1.5 });
    expect(session.positions).toHaveLength(5);
  });

  it('waits for no paint on the ticks of the playing track, which the system reckons itself', async () => {
    state$.next(at({ current: rain, duration: 200, position: 10, playing: true }));
    await paint();
    for (let quarter = 1; quarter <= 40; quarter += 1) {
      clock += 250;
      state$.next(at({ current: rain, duration: 200, position: 10 + quarter / 4, playing: true }));
    }
    expect(paints.pending).toHaveLength(0);
    // A seek is shown after the next paint, as before.
    state$.next(at({ current: rain, duration: 200, position: 120, playing: true }));
    expect(paints.pending).toHaveLength(1);
    await paint();
    expect(session.positions.at(-1)).toEqual({ duration: 200, position: 120, playbackRate: 1 });
    expect(session.positions).toHaveLength(2);
  });

  it('is told of a hand-over, and cleared while a length is unknown, never given one', async () => {
    state$.next(at({ current: rain, duration: 200, position: 199, playing: true }));
    await paint();
    // The next track's length has not arrived yet.
    state$.next(at({ current: snow, duration: 0, position: 0, playing: true }));
    await paint();
    expect(session.positions.at(-1)).toBeUndefined();
    state$.next(at({ current: snow, duration: Number.POSITIVE_INFINITY, playing: true }));
    await paint();
    expect(session.positions).toHaveLength(2);
    state$.next(at({ current: snow, duration: 180, position: 0.2, playing: true }));
    await paint();
    expect(session.positions.at(-1)).toEqual({ duration: 180, position: 0.2, playbackRate: 1 });
    // A crossfade into a track of the same length, from its start, is still told.
    state$.next(at({ current: rain, duration: 180, position: 0.2, playing: true }));
    await paint();
    expect(session.positions).toHaveLength(4);
  });

  it('never gives a position past the end', async () => {
    state$.next(at({ current: rain, duration: 200, position: 200.3, playing: true }));
    await paint();
    expect(session.positions).toEqual([{ duration: 200, position: 200, playbackRate: 1 }]);
  });

  it("routes the system's seek to the bus", () => {
    session.handlers.get('seekto')?.({ action: 'seekto', seekTime: 42 });
    expect(commands).toEqual([{ type: 'seek', seconds: 42 }]);
  });

  it('works on in a browser that knows fewer actions', () => {
    disconnect();
    const picky = new FakeMediaSession();
    picky.setActionHandler = (action, handler) => {
      if (action === 'seekto') throw new TypeError('seekto is not supported');
      picky.handlers.set(action, handler);
    };
    const bus = createPlayerBus({ initial: INITIAL_PLAYER_STATE });
    disconnect = connectMediaSession(picky as unknown as MediaSession, bus, state$);
    expect(picky.handlers.get('nexttrack')).toBeTypeOf('function');
  });
});

describe('connectMediaSession and the mini player', () => {
  it('offers the browser the mini player while music plays, and withdraws it when paused', () => {
    const own = new FakeMediaSession();
    const own$ = new BehaviorSubject<PlayerState>(INITIAL_PLAYER_STATE);
    let opened = 0;
    const undo = connectMediaSession(own as unknown as MediaSession, createPlayerBus(), own$, {
      enterPictureInPicture: () => (opened += 1),
    });
    const offered = () => own.handlers.get('enterpictureinpicture' as MediaSessionAction) ?? null;
    expect(offered()).toBeNull();

    own$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    offered()?.({ action: 'enterpictureinpicture' as MediaSessionAction });
    expect(opened).toBe(1);

    own$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: false });
    expect(offered()).toBeNull();
    own$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    undo();
    expect(offered()).toBeNull();
  });

  it('offers nothing where there is no mini player', () => {
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    expect(session.handlers.has('enterpictureinpicture' as MediaSessionAction)).toBe(false);
  });

  it('a browser that does not know the action changes nothing else', () => {
    const own = new FakeMediaSession();
    own.setActionHandler = function (action, handler) {
      if (action === ('enterpictureinpicture' as MediaSessionAction))
        throw new TypeError('unknown');
      this.handlers.set(action, handler);
    };
    const own$ = new BehaviorSubject<PlayerState>(INITIAL_PLAYER_STATE);
    const undo = connectMediaSession(own as unknown as MediaSession, createPlayerBus(), own$, {
      enterPictureInPicture: () => undefined,
    });
    expect(() =>
      own$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true }),
    ).not.toThrow();
    expect(own.handlers.get('nexttrack')).toBeTypeOf('function');
    undo();
  });
});

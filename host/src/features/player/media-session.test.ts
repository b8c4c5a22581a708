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
  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
    this.handlers.set(action, handler);
  }
}

let session: FakeMediaSession;
let state$: BehaviorSubject<PlayerState>;
let commands: PlayerCommand[];
let disconnect: () => void;

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
  disconnect = connectMediaSession(session as unknown as MediaSession, bus, state$);
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

  it('changes nothing once disconnected, even for a state that waited for a paint', async () => {
    state$.next({ ...INITIAL_PLAYER_STATE, current: track('Rain'), playing: true });
    disconnect();
    await paint();
    expect(session.metadata).toBeNull();
    expect(session.handlers.get('play')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredTrack, Track } from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { ListeningSession } from '@loofi/backend';
import { createMemoryPreferences } from '@loofi/backend/testing';
import {
  readSessionAt,
  SESSION_AT_KEY,
  SESSION_READ_WAIT_MS,
  SESSION_SAVE_INTERVAL_MS,
  startSessionSync,
} from './session-sync';
import type { SessionPage } from './session-sync';

const track = (name: string): Track => ({
  title: name,
  author: 'Lo',
  audio: `https://x.example/${name}.wav`,
  image: '',
});
const RAIN = track('rain');
const SNOW = track('snow');
const START = 1_700_000_000_000;

/** The store of the backend, holding one session; `read` may be held back by the test. */
function fakeStore(stored: ListeningSession | null = null) {
  const written: ListeningSession[] = [];
  let release: (() => void) | null = null;
  let held = false;
  return {
    written,
    hold() {
      held = true;
    },
    release() {
      release?.();
    },
    read: vi.fn(
      () =>
        new Promise<ListeningSession | null>((resolve) => {
          if (held) release = () => resolve(stored);
          else resolve(stored);
        }),
    ),
    write: vi.fn(async (session: ListeningSession) => {
      written.push(session);
    }),
  };
}

function fakeStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function fakePage() {
  const document = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const page = Object.assign(new EventTarget(), { document });
  return {
    page: page as unknown as SessionPage,
    hide() {
      document.visibilityState = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    show() {
      document.visibilityState = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    close: () => page.dispatchEvent(new Event('pagehide')),
  };
}

let clock: number;
let bus: PlayerBusController;
let stops: Array<() => void>;

/** What the engine's continueAt does: the track at its position, paused; unless playing here. */
const engineContinueAt = () =>
  vi.fn((shown: Track, position: number) => {
    if (bus.state.playing) return false;
    bus.setState({ current: shown, position, playing: false });
    return true;
  });

function start({
  stored = null as ListeningSession | null,
  storage = fakeStorage(),
  resume = true,
  store = fakeStore(stored),
  page = fakePage(),
} = {}) {
  const continueAt = engineContinueAt();
  stops.push(
    startSessionSync({
      bus,
      store,
      storage,
      preferences: createMemoryPreferences({
        theme: { type: 'Default', image: false },
        resume,
        autoPlay: true,
        crossfade: 0,
        normalize: true,
      }),
      continueAt,
      now: () => clock,
      page: page.page,
    }),
  );
  return { store, storage, page, continueAt };
}

/** Lets the read of the stored session (a promise) settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Playback goes on for `seconds`, the element reporting its time every 250 ms. */
function play(seconds: number) {
  for (let step = 0; step < seconds * 4; step += 1) {
    clock += 250;
    bus.setState({ position: bus.state.position + 0.25 });
  }
}

beforeEach(() => {
  clock = START;
  bus = createPlayerBus();
  stops = [];
});

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('at start', () => {
  const elsewhere: ListeningSession = { track: SNOW, position: 30, at: START - 60_000 };

  it('asks for the stored session at once, not when the page is idle', () => {
    const { store } = start();
    expect(store.read).toHaveBeenCalledOnce();
  });

  it("shows a fresh browser the stored session, paused, and takes it as this device's own", async () => {
    const { continueAt, storage, store, page } = start({ stored: elsewhere });
    await settled();
    expect(continueAt).toHaveBeenCalledWith(SNOW, 30);
    expect(bus.state).toMatchObject({ current: SNOW, position: 30, playing: false });
    expect(readSessionAt(storage)).toBe(elsewhere.at);
    // Only shown, not listened to: nothing goes back to the backend, even when hidden.
    page.hide();
    expect(store.write).not.toHaveBeenCalled();
  });

  it("shows a session newer than this device's own", async () => {
    const storage = fakeStorage({ [SESSION_AT_KEY]: String(elsewhere.at - 1) });
    const { continueAt } = start({ stored: elsewhere, storage });
    await settled();
    expect(continueAt).toHaveBeenCalledWith(SNOW, 30);
  });

  it.each([
    ['newer', 1],
    ['as new', 0],
  ])("keeps this device's own session when it is %s", async (_case, later) => {
    bus.setState({ current: RAIN, position: 12 });
    const storage = fakeStorage({ [SESSION_AT_KEY]: String(elsewhere.at + later) });
    const { continueAt } = start({ stored: elsewhere, storage });
    await settled();
    expect(continueAt).not.toHaveBeenCalled();
    expect(bus.state).toMatchObject({ current: RAIN, position: 12 });
  });

  it("leaves the player alone with 'Continue where you left off' off", async () => {
    const { continueAt } = start({ stored: elsewhere, resume: false });
    await settled();
    expect(continueAt).not.toHaveBeenCalled();
  });

  it('leaves the player alone when there is no stored session', async () => {
    const { continueAt, storage } = start();
    await settled();
    expect(continueAt).not.toHaveBeenCalled();
    expect(storage.getItem(SESSION_AT_KEY)).toBeNull();
  });

  it('keeps what the owner already plays here, and does not take the stored session', async () => {
    // Written by another device after this one's owner pressed Play.
    const store = fakeStore({ ...elsewhere, at: START + 1 });
    store.hold();
    const { continueAt, storage } = start({ store });
    bus.setState({ current: RAIN, position: 0, playing: true });
    store.release();
    await settled();
    expect(continueAt).toHaveReturnedWith(false);
    expect(bus.state.current).toEqual(RAIN);
    expect(readSessionAt(storage)).toBe(START);
  });

  it('does not change the track under the owner when the stored session comes late', async () => {
    const store = fakeStore(elsewhere);
    store.hold();
    const { continueAt } = start({ store });
    clock += SESSION_READ_WAIT_MS + 1;
    store.release();
    await settled();
    expect(continueAt).not.toHaveBeenCalled();
  });

  it('reads a corrupt own time as no session of its own', async () => {
    const storage = fakeStorage({ [SESSION_AT_KEY]: 'yesterday' });
    const { continueAt } = start({ stored: elsewhere, storage });
    await settled();
    expect(continueAt).toHaveBeenCalledOnce();
  });
});

describe('while the owner listens', () => {
  it('writes on play, every 10 s while playing, on pause and on a track change', async () => {
    const { store, storage } = start();
    await settled();
    bus.setState({ current: { ...RAIN, key: '4' } as StoredTrack, position: 0, playing: true });
    expect(store.written).toEqual([{ track: RAIN, position: 0, at: START }]);

    play(SESSION_SAVE_INTERVAL_MS / 1000 - 1);
    expect(store.written).toHaveLength(1);
    play(1);
    expect(store.written.at(-1)).toEqual({
      track: RAIN,
      position: 10,
      at: START + SESSION_SAVE_INTERVAL_MS,
    });

    play(2.25);
    bus.setState({ playing: false });
    expect(store.written.at(-1)).toMatchObject({ track: RAIN, position: 12.25 });

    bus.setState({ current: SNOW, position: 0, playing: false });
    bus.setState({ playing: true });
    expect(store.written.at(-1)).toEqual({ track: SNOW, position: 0, at: clock });
    expect(store.written).toHaveLength(4);
    expect(readSessionAt(storage)).toBe(clock);
  });

  it('writes when the page is hidden or closed, unless nothing moved since the last write', async () => {
    const { store, page } = start();
    await settled();
    bus.setState({ current: RAIN, position: 0, playing: true });
    play(3);
    bus.setState({ playing: false });
    expect(store.written).toHaveLength(2);
    page.hide();
    page.close();
    expect(store.written).toHaveLength(2);

    // A seek while paused is written when the page goes.
    bus.setState({ position: 40 });
    page.show();
    expect(store.written).toHaveLength(2);
    page.hide();
    expect(store.written.at(-1)).toMatchObject({ track: RAIN, position: 40 });
    bus.setState({ position: 41 });
    page.close();
    expect(store.written.at(-1)).toMatchObject({ track: RAIN, position: 41 });
  });

  it("writes nothing for the track the page merely shows at start (this device's last)", async () => {
    bus.setState({ current: RAIN, position: 12 });
    const { store, page } = start();
    await settled();
    bus.setState({ current: SNOW, position: 0 });
    bus.setState({ position: 20 });
    page.hide();
    page.close();
    expect(store.write).not.toHaveBeenCalled();
  });

  it('drops a write the backend refuses, never throwing it into the player', async () => {
    const store = fakeStore();
    store.write.mockRejectedValue(new Error('permission_denied'));
    const { storage } = start({ store });
    bus.setState({ current: RAIN, position: 0, playing: true });
    await settled();
    expect(store.write).toHaveBeenCalledOnce();
    expect(readSessionAt(storage)).toBe(START);
  });

  it('stops listening when stopped', async () => {
    const { store, page } = start();
    await settled();
    for (const stop of stops.splice(0)) stop();
    bus.setState({ current: RAIN, position: 0, playing: true });
    page.hide();
    page.close();
    expect(store.write).not.toHaveBeenCalled();
  });
});

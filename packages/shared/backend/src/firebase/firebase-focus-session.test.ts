import { getApp } from 'firebase/app';
import { getAuth } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMULATOR_WAIT, emulatorsUnavailableReason } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import { startTestEmulators } from '@loofi/firebase/emulators/vitest';
import { databaseRules } from '@loofi/firebase/rules';
import type { Backend, FocusSessionStore, SharedFocusSession } from '../ports';
import { createFirebaseBackend } from './firebase-backend';
import { FOCUS_PATH, readSharedFocusSession } from './firebase-focus-session';

const OWNER = 'owner@example.org';
const MINUTE = 60_000;
const plan = { focus: 25, break: 5, longBreak: 15 };
const at = 1_700_000_000_000;
const running: SharedFocusSession = {
  session: { plan, block: 1, phase: 'focus', endsAt: at + 25 * MINUTE, leftMs: 0 },
  at,
};
const paused: SharedFocusSession = {
  session: { plan, block: 4, phase: 'break', endsAt: null, leftMs: 12 * MINUTE },
  at: at + MINUTE,
};

describe('readSharedFocusSession', () => {
  it('reads a running, a paused and a stopped session as stored', () => {
    const { endsAt } = running.session!;
    expect(
      readSharedFocusSession({ at, session: { plan, block: 1, phase: 'focus', endsAt } }),
    ).toEqual(running);
    expect(
      readSharedFocusSession({
        at: paused.at,
        session: { plan, block: 4, phase: 'break', leftMs: 12 * MINUTE },
      }),
    ).toEqual(paused);
    expect(readSharedFocusSession({ at })).toEqual({ session: null, at });
  });

  const session = { plan, block: 1, phase: 'focus', endsAt: at };
  it.each([
    ['nothing', null],
    ['text', 'focus'],
    ['no time', { session }],
    ['a time as text', { at: 'now', session }],
    ['an extra field', { at, session, device: 'phone' }],
    ['both a deadline and a rest', { at, session: { ...session, leftMs: 5 } }],
    ['neither a deadline nor a rest', { at, session: { plan, block: 1, phase: 'focus' } }],
    ['a plan of fractions', { at, session: { ...session, plan: { ...plan, focus: 2.5 } } }],
    ['a plan with more', { at, session: { ...session, plan: { ...plan, nap: 5 } } }],
    ['block 0', { at, session: { ...session, block: 0 } }],
    ['another phase', { at, session: { ...session, phase: 'nap' } }],
    ['a rest over 3 hours', { at, session: { plan, block: 1, phase: 'focus', leftMs: 1e9 } }],
    ['a session as a list', { at, session: [plan, 1, 'focus', at] }],
  ])('reads %s as nothing', (_reason, value) => {
    expect(readSharedFocusSession(value)).toBeNull();
  });
});

const unavailable = emulatorsUnavailableReason();
if (unavailable !== null)
  console.warn(`Skipping the focus session on the emulators: ${unavailable}`);

/**
 * The times of a change as another device sees them: each device's clock is corrected by
 * the server's offset, which each estimates from its own connection, so they agree within
 * that estimate's error (tens of ms; more on a busy machine), never a change apart (minutes).
 */
function expectSameChange(seen: SharedFocusSession | undefined, written: SharedFocusSession) {
  expect(seen).toBeDefined();
  expect(seen!.at).toBeCloseTo(written.at, -3);
  if (written.session?.endsAt != null) {
    expect(seen!.session?.endsAt).toBeCloseTo(written.session.endsAt, -3);
  }
  expect({ ...seen, at: 0, session: seen!.session && { ...seen!.session, endsAt: 0 } }).toEqual({
    ...written,
    at: 0,
    session: written.session && { ...written.session, endsAt: 0 },
  });
}

describe.skipIf(unavailable !== null)('the Firebase focus session on the emulators', () => {
  let emulators: RunningEmulators | null = null;
  const clients: Backend[] = [];
  let created = 0;

  /** A device of the owner (another browser, its own Firebase app), signed in unless told. */
  async function device({ signIn = true } = {}) {
    const { config, hosts } = emulators!;
    created += 1;
    const appName = `focus-device-${created}`;
    const backend = await createFirebaseBackend({
      config,
      emulators: hosts,
      chooseAccount: async () => OWNER,
      appName,
    });
    clients.push(backend);
    if (signIn) await backend.auth.signInWithPopup();
    const store = backend.focusSession as FocusSessionStore;
    const seen: SharedFocusSession[] = [];
    const subscription = store.session$.subscribe((change) => seen.push(change));
    const uid = () => getAuth(getApp(appName)).currentUser?.uid ?? '';
    return { backend, store, seen, subscription, uid };
  }

  beforeAll(async () => {
    // The rules as deployed: a write they would refuse fails here too.
    emulators = await startTestEmulators({ databaseRules: databaseRules([OWNER]) });
  }, 120_000);
  afterAll(() => emulators?.stop(), 60_000);
  beforeEach(() => emulators!.clearData(), 30_000);
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  it('gives each change of one device to another, live: a start, a pause, a stop', async () => {
    const first = await device();
    const second = await device();
    expect(second.uid()).toBe(first.uid());

    await first.store.write(running);
    await vi.waitFor(() => expect(second.seen).toHaveLength(1), EMULATOR_WAIT);
    expectSameChange(second.seen[0], running);

    await first.store.write(paused);
    await vi.waitFor(() => expect(second.seen).toHaveLength(2), EMULATOR_WAIT);
    expectSameChange(second.seen[1], paused);

    const stopped: SharedFocusSession = { session: null, at: at + 2 * MINUTE };
    await second.store.write(stopped);
    await vi.waitFor(() => expect(first.seen.at(-1)?.session).toBeNull(), EMULATOR_WAIT);
    expectSameChange(first.seen.at(-1), stopped);
  });

  it('gives a device that opens later the session kept, as stored', async () => {
    const first = await device();
    await first.store.write(paused);
    expect(await emulators!.databaseValue(`${FOCUS_PATH}/${first.uid()}`)).toMatchObject({
      session: { plan, block: 4, phase: 'break', leftMs: 12 * MINUTE },
    });
    const later = await device();
    await vi.waitFor(() => expect(later.seen).toHaveLength(1), EMULATOR_WAIT);
    expectSameChange(later.seen[0], paused);
  });

  it('keeps the newer change when an older one arrives late, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, seen } = await device();
    await store.write(paused);
    await expect(store.write(running)).resolves.toBe(undefined);
    await store.write({ ...running, at: at - 1 });
    // The refused change is taken back: what the device hears last is the kept one.
    await vi.waitFor(() => expectSameChange(seen.at(-1), paused), EMULATOR_WAIT);
    const ours = warn.mock.calls.filter(([message]) =>
      String(message).startsWith('The focus session could not be saved'),
    );
    expect(ours).toHaveLength(1);
  });

  it('skips a document that is not a focus session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { seen, uid } = await device();
    await emulators!.setDatabaseValue(`${FOCUS_PATH}/${uid()}`, { at, session: 'focus' });
    await emulators!.setDatabaseValue(`${FOCUS_PATH}/${uid()}`, {
      at: paused.at,
      session: { plan, block: 4, phase: 'break', leftMs: 12 * MINUTE },
    });
    await vi.waitFor(() => expect(seen).toHaveLength(1), EMULATOR_WAIT);
    expectSameChange(seen[0], paused);
  });

  it('stores nothing for a session the rules would refuse, nor when signed out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, backend, seen, uid } = await device();
    const owner = uid();
    await store.write({ ...running, session: { ...running.session!, block: 0 } });
    await backend.auth.signOut();
    await store.write(running);
    expect(await emulators!.databaseValue(`${FOCUS_PATH}/${owner}`)).toBeNull();
    expect(seen).toEqual([]);
    const signedOut = await device({ signIn: false });
    await signedOut.store.write(running);
    expect(signedOut.seen).toEqual([]);
    expect(await emulators!.databaseValue(FOCUS_PATH)).toBeNull();
  });
});

import { getApp } from 'firebase/app';
import { getAuth } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorsUnavailableReason } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import { startTestEmulators } from '@loofi/firebase/emulators/vitest';
import { databaseRules } from '@loofi/firebase/rules';
import type { Track } from '@loofi/contracts';
import type { Backend, ListeningSession, ListeningSessionStore } from '../ports';
import { createFirebaseBackend } from './firebase-backend';
import { LISTENING_PATH, readListeningSession } from './firebase-listening-session';

const OWNER = 'owner@example.org';

const track: Track = {
  title: 'Snowfall',
  author: 'Øneheart',
  audio: 'https://cdn.example.org/snowfall.mp3',
  image: '/covers/snowfall.jpg',
};
const session: ListeningSession = { track, position: 30.5, at: 1_700_000_000_000 };

describe('readListeningSession', () => {
  it('reads a session as stored', () => {
    expect(readListeningSession(session)).toEqual(session);
    expect(readListeningSession({ ...session, track: { ...track, image: '' } })).toEqual({
      ...session,
      track: { ...track, image: '' },
    });
  });

  it.each([
    ['nothing', null],
    ['text', 'Snowfall'],
    ['an extra field', { ...session, device: 'phone' }],
    ['no time', { track, position: 3 }],
    ['an extra track field', { ...session, track: { ...track, key: '3' } }],
    ['a track without audio', { ...session, track: { ...track, audio: undefined } }],
    ['an unsafe audio address', { ...session, track: { ...track, audio: 'javascript:x' } }],
    ['a blank title', { ...session, track: { ...track, title: ' ' } }],
    ['a negative position', { ...session, position: -1 }],
    ['a position over a day', { ...session, position: 86_401 }],
    ['a position as text', { ...session, position: '30' }],
    ['a time as text', { ...session, at: 'now' }],
  ])('reads %s as no session', (_reason, value) => {
    expect(readListeningSession(value)).toBeNull();
  });
});

const unavailable = emulatorsUnavailableReason();
if (unavailable !== null)
  console.warn(`Skipping the listening session on the emulators: ${unavailable}`);

describe.skipIf(unavailable !== null)('the Firebase listening session on the emulators', () => {
  let emulators: RunningEmulators | null = null;
  const clients: Backend[] = [];
  let created = 0;

  /** A device of the owner (another browser, its own Firebase app), signed in unless told. */
  async function device({ signIn = true } = {}) {
    const { config, hosts } = emulators!;
    created += 1;
    const appName = `listening-device-${created}`;
    const backend = await createFirebaseBackend({
      config,
      emulators: hosts,
      chooseAccount: async () => OWNER,
      appName,
    });
    clients.push(backend);
    if (signIn) await backend.auth.signInWithPopup();
    const store = backend.listeningSession as ListeningSessionStore;
    const uid = () => getAuth(getApp(appName)).currentUser?.uid ?? '';
    return { backend, store, uid };
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

  it('has no session for an owner who never listened', async () => {
    const { store } = await device();
    expect(await store.read()).toBeNull();
  });

  it("gives one device's session to another, only the track's four fields", async () => {
    const first = await device();
    await first.store.write({ ...session, track: { ...track, key: '7' } as Track });
    const second = await device();
    expect(second.uid()).toBe(first.uid());
    expect(await second.store.read()).toEqual(session);

    await second.store.write({ ...session, position: 95, at: session.at + 60_000 });
    expect(await first.store.read()).toEqual({ ...session, position: 95, at: session.at + 60_000 });
  });

  it('reads a corrupt or foreign document as no session', async () => {
    const { store, uid } = await device();
    for (const value of [
      { ...session, device: 'phone' },
      { ...session, position: -4 },
      { ...session, track: { ...track, audio: 'javascript:alert(1)' } },
      'Snowfall',
    ]) {
      await emulators!.setDatabaseValue(`${LISTENING_PATH}/${uid()}`, value);
      expect(await store.read()).toBeNull();
    }
  });

  it('keeps the newer session when an older one arrives late, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = await device();
    await store.write(session);
    await expect(store.write({ ...session, position: 2, at: session.at - 1 })).resolves.toBe(
      undefined,
    );
    await store.write({ ...session, position: 3, at: session.at - 2 });
    expect(await store.read()).toEqual(session);
    // The SDK warns of each refused write itself; ours is one line for all of them.
    const ours = warn.mock.calls.filter(([message]) =>
      String(message).startsWith('The listening session could not be saved'),
    );
    expect(ours).toHaveLength(1);
  });

  it('stores nothing for a track the rules would refuse, and nothing when signed out', async () => {
    const { store, backend } = await device();
    await store.write({ ...session, track: { ...track, audio: 'javascript:alert(1)' } });
    expect(await store.read()).toBeNull();

    await backend.auth.signOut();
    await expect(store.write(session)).resolves.toBe(undefined);
    expect(await store.read()).toBeNull();
    expect(await (await device({ signIn: false })).store.read()).toBeNull();
    expect(await (await device()).store.read()).toBeNull();
  });
});

// The rules tests drive the emulator through rules-unit-testing, which wraps the Firebase SDK.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { firestoreEmulatorUnavailableReason, startFirestoreEmulator } from '../emulators/firestore';
import type { FirestoreEmulator } from '../emulators/firestore';
import { firestoreRules } from './rules-source';
import { accounts, deniedAccounts, tokenClaims, TEST_WHITELIST } from './test-accounts';
import type { TestAccount } from './test-accounts';

const unavailable = firestoreEmulatorUnavailableReason();
if (unavailable !== null) {
  console.warn(`Skipping the Firestore rules tests: ${unavailable}`);
}

const TOKEN = 'a1'.repeat(132);
const ownCredential = { email: accounts.owner.email, token: TOKEN };
const logEntry = {
  message: 'Uncaught TypeError: x is undefined',
  url: 'https://loofi.example/music',
  location: { line: 12, column: 7 },
  error: 'TypeError: x is undefined\n    at play (player.js:12:7)',
};

describe.skipIf(unavailable !== null)('Firestore rules', () => {
  let emulator: FirestoreEmulator | undefined;
  let environment: RulesTestEnvironment;

  beforeAll(async () => {
    // Every refused write is logged by the SDK as a warning; the assertions already say it.
    emulator = await startFirestoreEmulator({ projectId: 'demo-loofi-rules' });
    environment = await initializeTestEnvironment({
      projectId: 'demo-loofi-rules',
      firestore: {
        rules: firestoreRules(TEST_WHITELIST),
        host: emulator.host,
        port: emulator.port,
      },
    });
  });

  afterAll(async () => {
    await environment?.cleanup();
    await emulator?.stop();
  });

  beforeEach(async () => {
    await environment.clearFirestore();
  });

  function db(user: TestAccount | null) {
    return user === null
      ? environment.unauthenticatedContext().firestore()
      : environment.authenticatedContext(user.uid, tokenClaims(user)).firestore();
  }

  async function seed(path: string, data: Record<string, unknown>): Promise<void> {
    await environment.withSecurityRulesDisabled(async (context) => {
      await context.firestore().doc(path).set(data);
    });
  }

  describe('loofi-dashboard credential documents', () => {
    const ownPath = 'loofi-dashboard/owner-token';

    it('lets the owner create, read, update and delete their own document', async () => {
      const owner = db(accounts.owner);
      await assertSucceeds(owner.doc(ownPath).set(ownCredential));
      await assertSucceeds(owner.doc(ownPath).get());
      await assertSucceeds(owner.doc(ownPath).set({ ...ownCredential, token: 'f'.repeat(264) }));
      await assertSucceeds(owner.doc(ownPath).update({ token: '0'.repeat(264) }));
      await assertSucceeds(owner.doc(ownPath).delete());
    });

    it('lets the owner subscribe to their own document', async () => {
      await seed(ownPath, ownCredential);
      const owner = db(accounts.owner);
      await assertSucceeds(
        new Promise<void>((resolve, reject) => {
          const unsubscribe = owner.doc(ownPath).onSnapshot(() => {
            unsubscribe();
            resolve();
          }, reject);
        }),
      );
    });

    it('accepts a whitelisted address that needs quoting in the rules', async () => {
      const second = db(accounts.secondOwner);
      const path = "loofi-dashboard/o'neil-token";
      await assertSucceeds(
        second.doc(path).set({ email: accounts.secondOwner.email, token: TOKEN }),
      );
      await assertSucceeds(second.doc(path).get());
    });

    it('refuses an anonymous visitor', async () => {
      await seed(ownPath, ownCredential);
      const anonymous = db(null);
      await assertFails(anonymous.doc(ownPath).get());
      await assertFails(anonymous.doc(ownPath).set(ownCredential));
      await assertFails(anonymous.doc(ownPath).delete());
    });

    it.each(deniedAccounts)(
      'refuses %s, even for the document named after it',
      async (_reason, user) => {
        await seed(ownPath, ownCredential);
        const denied = db(user);
        const ownId = `loofi-dashboard/${user.email.split('@')[0]}-token`;
        await assertFails(denied.doc(ownId).set({ email: user.email, token: TOKEN }));
        await assertFails(denied.doc(ownId).get());
        await assertFails(denied.doc(ownPath).get());
        await assertFails(denied.doc(ownPath).delete());
      },
    );

    it("refuses another whitelisted user's document", async () => {
      const otherPath = "loofi-dashboard/o'neil-token";
      await seed(otherPath, { email: accounts.secondOwner.email, token: TOKEN });
      const owner = db(accounts.owner);
      await assertFails(owner.doc(otherPath).get());
      await assertFails(owner.doc(otherPath).set(ownCredential));
      await assertFails(owner.doc(otherPath).update({ token: TOKEN }));
      await assertFails(owner.doc(otherPath).delete());
    });

    it('refuses documents under any other id and listing the collection', async () => {
      const owner = db(accounts.owner);
      await assertFails(owner.doc('loofi-dashboard/owner').set(ownCredential));
      await assertFails(owner.doc('loofi-dashboard/owner-token-2').set(ownCredential));
      await assertFails(owner.collection('loofi-dashboard').get());
    });

    it.each([
      ['another e-mail in the email field', { email: accounts.stranger.email, token: TOKEN }],
      ['a 263-character token', { ...ownCredential, token: TOKEN.slice(1) }],
      ['a 265-character token', { ...ownCredential, token: `${TOKEN}a` }],
      ['an upper-case hex token', { ...ownCredential, token: TOKEN.toUpperCase() }],
      ['a token that is not hex', { ...ownCredential, token: 'g'.repeat(264) }],
      ['a number as token', { ...ownCredential, token: 42 }],
      ['a missing token', { email: accounts.owner.email }],
      ['a missing email', { token: TOKEN }],
      ['an extra field', { ...ownCredential, admin: true }],
    ])('refuses a credential with %s', async (_reason, data) => {
      await assertFails(db(accounts.owner).doc(ownPath).set(data));
    });

    it('refuses an update that breaks the shape', async () => {
      await seed(ownPath, ownCredential);
      const owner = db(accounts.owner);
      await assertFails(owner.doc(ownPath).update({ token: 'not-a-token' }));
      await assertFails(owner.doc(ownPath).update({ role: 'admin' }));
      await assertFails(owner.doc(ownPath).update({ email: accounts.stranger.email }));
    });
  });

  describe('logs', () => {
    it('lets the owner add a log entry', async () => {
      await assertSucceeds(db(accounts.owner).collection('logs').add(logEntry));
      await assertSucceeds(
        db(accounts.owner)
          .collection('logs')
          .add({ ...logEntry, message: '' }),
      );
    });

    it('accepts the largest entry allowed', async () => {
      const largest = {
        message: 'm'.repeat(2000),
        url: `https://loofi.example/${'u'.repeat(2048 - 22)}`,
        location: { line: 0, column: 0 },
        error: 'e'.repeat(10_000),
      };
      await assertSucceeds(db(accounts.owner).collection('logs').add(largest));
    });

    it('refuses an anonymous visitor', async () => {
      await assertFails(db(null).collection('logs').add(logEntry));
    });

    it.each(deniedAccounts)('refuses %s', async (_reason, user) => {
      await assertFails(db(user).collection('logs').add(logEntry));
    });

    it('never lets anyone read, list, update or delete a log entry', async () => {
      await seed('logs/existing', logEntry);
      const owner = db(accounts.owner);
      await assertFails(owner.doc('logs/existing').get());
      await assertFails(owner.collection('logs').get());
      await assertFails(owner.doc('logs/existing').update({ message: 'changed' }));
      await assertFails(owner.doc('logs/existing').set(logEntry));
      await assertFails(owner.doc('logs/existing').delete());
    });

    it.each([
      ['an extra field', { ...logEntry, userAgent: 'x' }],
      [
        'a missing error',
        { message: logEntry.message, url: logEntry.url, location: logEntry.location },
      ],
      [
        'a missing location',
        { message: logEntry.message, url: logEntry.url, error: logEntry.error },
      ],
      ['a 2001-character message', { ...logEntry, message: 'm'.repeat(2001) }],
      ['a 2049-character url', { ...logEntry, url: 'u'.repeat(2049) }],
      ['a 10001-character error', { ...logEntry, error: 'e'.repeat(10_001) }],
      ['a number as message', { ...logEntry, message: 404 }],
      ['an object as error', { ...logEntry, error: { name: 'TypeError' } }],
      ['a negative line', { ...logEntry, location: { line: -1, column: 0 } }],
      ['a fractional column', { ...logEntry, location: { line: 1, column: 1.5 } }],
      ['a string as line', { ...logEntry, location: { line: '12', column: 7 } }],
      ['an extra location field', { ...logEntry, location: { line: 1, column: 1, file: 'a.js' } }],
      ['a location without column', { ...logEntry, location: { line: 1 } }],
      ['a string as location', { ...logEntry, location: '12:7' }],
    ])('refuses an entry with %s', async (_reason, data) => {
      await assertFails(db(accounts.owner).collection('logs').add(data));
    });
  });

  describe('loofi-ambience settings documents', () => {
    // Rain, Café, Fireplace, Wind, Vinyl crackle, Brown noise.
    const levels = '55,45,0,0,15,0';
    const settings = {
      mix: { levels, master: 80 },
      saved: [`${levels} Rainy café`],
      lowerWithBreaks: true,
      at: 1_700_000_000_000,
    };
    const ownPath = `loofi-ambience/${accounts.owner.uid}`;

    it('lets the owner create, read and update their own settings, live', async () => {
      const owner = db(accounts.owner);
      await assertSucceeds(owner.doc(ownPath).set(settings));
      await assertSucceeds(owner.doc(ownPath).get());
      await assertSucceeds(
        owner.doc(ownPath).set({
          ...settings,
          mix: { levels: '0,0,0,0,0,100', master: 0 },
          saved: [],
          at: settings.at + 1,
        }),
      );
      await assertSucceeds(
        new Promise<void>((resolve, reject) => {
          const unsubscribe = owner.doc(ownPath).onSnapshot(() => {
            unsubscribe();
            resolve();
          }, reject);
        }),
      );
    });

    it('checks each of as many saved mixes as it takes, within what a request may evaluate', async () => {
      const saved = Array.from(
        { length: 24 },
        (_, index) => `100,100,100,100,100,100 ${'n'.repeat(58)}${String(index).padStart(2, '0')}`,
      );
      const owner = db(accounts.owner).doc(ownPath);
      await assertSucceeds(owner.set({ ...settings, saved }));
      await assertSucceeds(owner.set({ ...settings, saved, at: settings.at + 1 }));
      const last = '100,100,100,100,100,101 z';
      await assertFails(
        owner.set({ ...settings, saved: [...saved.slice(1), last], at: settings.at + 1 }),
      );
      await assertFails(
        owner.set({ ...settings, saved: [...saved, saved[0]], at: settings.at + 1 }),
      );
    });

    it('refuses a save older than the kept one', async () => {
      await seed(ownPath, settings);
      const owner = db(accounts.owner);
      await assertFails(owner.doc(ownPath).set({ ...settings, at: settings.at - 1 }));
      await assertSucceeds(owner.doc(ownPath).set({ ...settings, at: settings.at }));
    });

    it("refuses another owner's settings, listing them, deleting them, and strangers", async () => {
      await seed(ownPath, settings);
      const other = db(accounts.secondOwner);
      await assertFails(other.doc(ownPath).get());
      await assertFails(other.doc(ownPath).set({ ...settings, at: settings.at + 1 }));
      await assertFails(db(accounts.owner).collection('loofi-ambience').get());
      await assertFails(db(accounts.owner).doc(ownPath).delete());
      await assertFails(db(null).doc(ownPath).get());
    });

    it.each(deniedAccounts)('refuses %s, even under its own uid', async (_reason, user) => {
      const own = db(user).doc(`loofi-ambience/${user.uid}`);
      await assertFails(own.set(settings));
      await assertFails(own.get());
    });

    const withLevels = (value: unknown) => ({
      ...settings,
      mix: { ...settings.mix, levels: value },
    });
    it.each([
      ['no time', { mix: settings.mix, saved: [], lowerWithBreaks: true }],
      ['a time as text', { ...settings, at: 'now' }],
      ['an extra field', { ...settings, volume: 3 }],
      ['a layer over 100', withLevels('101,45,0,0,15,0')],
      ['a negative layer', withLevels('-1,45,0,0,15,0')],
      ['a layer in between', withLevels('55,4.5,0,0,15,0')],
      ['a layer written 007', withLevels('55,007,0,0,15,0')],
      ['five layers', withLevels('55,45,0,0,15')],
      ['seven layers', withLevels('55,45,0,0,15,0,9')],
      ['layers as a map', withLevels({ rain: 55 })],
      ['a volume over 100', { ...settings, mix: { ...settings.mix, master: 101 } }],
      ['a volume in between', { ...settings, mix: { ...settings.mix, master: 50.5 } }],
      ['a mix without volume', { ...settings, mix: { levels } }],
      ['an empty name', { ...settings, saved: [`${levels} `] }],
      ['a 61-character name', { ...settings, saved: [`${levels} ${'n'.repeat(61)}`] }],
      ['a name over two lines', { ...settings, saved: [`${levels} Rainy\ncafé`] }],
      ['a saved mix without its layers', { ...settings, saved: ['Rainy café'] }],
      ['a saved mix as a map', { ...settings, saved: [{ name: 'Rainy café', levels }] }],
      ['saved mixes as a map', { ...settings, saved: { 0: settings.saved[0] } }],
      ['breaks as text', { ...settings, lowerWithBreaks: 'yes' }],
    ])('refuses settings with %s', async (_reason, data) => {
      await assertFails(db(accounts.owner).doc(ownPath).set(data));
    });
  });

  it('denies every other collection, even to the owner', async () => {
    const owner = db(accounts.owner);
    await assertFails(owner.doc('loofi-music/0').get());
    await assertFails(owner.doc('loofi-music/0').set({ title: 'x' }));
    await assertFails(owner.doc('users/owner').set({ email: accounts.owner.email }));
    await assertFails(owner.doc('loofi-dashboard/owner-token/nested/doc').set({ a: 1 }));
  });
});

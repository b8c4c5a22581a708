import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import type { FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  get,
  getDatabase,
  onValue,
  ref,
  runTransaction,
  set,
} from 'firebase/database';
import type { Database } from 'firebase/database';
import FirebaseServer from 'firebase-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseRules } from '../rules/rules-source';
import { accounts, tokenClaims } from '../rules/test-accounts';
import type { TestAccount } from '../rules/test-accounts';
import { startDatabaseEmulator } from './database';
import type { DatabaseEmulator } from './database';
import { EMULATOR_HOST } from './network';

// What patches/firebase-server@1.1.0.patch adds to firebase-server, driven through the same
// modular SDK the pages use: each case fails when the patch no longer applies (an upgrade of
// firebase-server, a changed file), and unpatched the module does not even load under
// firebase 12, whose package root has no namespaced API.

const apps: FirebaseApp[] = [];

/** A client of its own (apps of one name share a cache), signed in as `user` if given. */
function client(emulator: DatabaseEmulator, user?: TestAccount): Database {
  const app = initializeApp(
    {
      projectId: 'demo-loofi',
      databaseURL: `http://${emulator.host}:${emulator.port}?ns=demo-loofi`,
    },
    `firebase-server-test-${apps.length}`,
  );
  apps.push(app);
  const db = getDatabase(app);
  connectDatabaseEmulator(
    db,
    emulator.host,
    emulator.port,
    user ? { mockUserToken: { sub: user.uid, user_id: user.uid, ...tokenClaims(user) } } : {},
  );
  return db;
}

/** The next value heard at `path` that `accept` takes. */
function heard(db: Database, path: string, accept: (value: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const stop = onValue(
      ref(db, path),
      (snapshot) => {
        if (!accept(snapshot.val())) return;
        stop();
        resolve(snapshot.val());
      },
      reject,
    );
  });
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
});

describe('the patched firebase-server, open (no rules)', () => {
  let emulator: DatabaseEmulator;

  beforeAll(async () => {
    emulator = await startDatabaseEmulator();
  });
  afterAll(() => emulator.close());

  it('says when its port is bound, picks a free one for port 0, and rejects a taken one', async () => {
    const server = new FirebaseServer({ port: 0, address: EMULATOR_HOST }, 'listening-test');
    try {
      await expect(server.listening).resolves.toBeUndefined();
      expect(server.getPort()).toBeGreaterThan(0);
    } finally {
      await server.close();
    }

    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, EMULATOR_HOST, resolve));
    const { port } = taken.address() as AddressInfo;
    const clash = new FirebaseServer({ port, address: EMULATOR_HOST }, 'clash-test');
    try {
      await expect(clash.listening).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await clash.close().catch(() => undefined);
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it("answers the modular SDK's get() and a value set past every check", async () => {
    await emulator.setValue('patch/greeting', 'hello');
    const db = client(emulator);
    expect((await get(ref(db, 'patch/greeting'))).val()).toBe('hello');
    await set(ref(db, 'patch/greeting'), 'written by a client');
    expect(await emulator.value('patch/greeting')).toBe('written by a client');
  });

  it('commits a transaction on a list of more than ten entries at its first try', async () => {
    // The client hashes children in key order 0, 1, 2 … 10, 11; unpatched, the server
    // sorted them as text (10 before 2) and answered every attempt 'datastale'.
    await emulator.setValue(
      'patch/list',
      Array.from({ length: 12 }, (_value, index) => `entry ${index}`),
    );
    const db = client(emulator);
    // Listened to, the list is in the client's cache: the first attempt runs on it and sends
    // its hash, which the server must compute alike.
    const listening = onValue(ref(db, 'patch/list'), () => undefined);
    await heard(db, 'patch/list', (list) => Array.isArray(list));
    let attempts = 0;
    const result = await runTransaction(ref(db, 'patch/list'), (list: string[] | null) => {
      attempts += 1;
      return list === null ? undefined : [...list, 'entry 12'];
    });
    listening();
    expect(result.committed).toBe(true);
    expect(attempts).toBe(1);
    expect(await emulator.value('patch/list/12')).toBe('entry 12');
  });

  it('tells every client when it stops, keeps the data, and takes them back when it starts', async () => {
    await emulator.setValue('patch/kept', 42);
    const db = client(emulator);
    await heard(db, '.info/connected', (connected) => connected === true);
    const dropped = heard(db, '.info/connected', (connected) => connected === false);
    await emulator.stop();
    await dropped;
    await emulator.start();
    await heard(db, '.info/connected', (connected) => connected === true);
    expect((await get(ref(db, 'patch/kept'))).val()).toBe(42);
  });
});

describe('the patched firebase-server with the security rules', () => {
  let emulator: DatabaseEmulator;

  beforeAll(async () => {
    emulator = await startDatabaseEmulator({ rules: databaseRules([accounts.owner.email]) });
  });
  afterAll(() => emulator.close());

  it("checks each client's own account: a stranger writing after the owner is refused", async () => {
    const owner = client(emulator, accounts.owner);
    await set(ref(owner, 'loofi-music-next'), 3);
    expect(await emulator.value('loofi-music-next')).toBe(3);

    // The rules see each connection's own account, not that of whoever wrote last.
    const stranger = client(emulator, accounts.stranger);
    await expect(set(ref(stranger, 'loofi-music-next'), 4)).rejects.toThrow(/permission_denied/i);
    await expect(get(ref(stranger, 'loofi-music-next'))).rejects.toThrow(/permission/i);
    expect(await emulator.value('loofi-music-next')).toBe(3);
  });

  it('checks the rules against the live data, written by a client or past every check', async () => {
    const track = {
      title: 'Snowfall',
      author: 'Øneheart',
      audio: 'https://x.org/a.mp3',
      image: '',
    };
    const path = `loofi-listening/${accounts.owner.uid}`;
    await emulator.setValue(path, { track, position: 30, at: 2_000 });
    const owner = client(emulator, accounts.owner);
    // Older than the stored session: the rule compares with `data`, which unpatched was only
    // what clients had written, so the value set past the checks was not seen.
    await expect(set(ref(owner, path), { track, position: 10, at: 1_000 })).rejects.toThrow(
      /permission_denied/i,
    );
    await set(ref(owner, path), { track, position: 40, at: 3_000 });
    expect(await emulator.value(`${path}/position`)).toBe(40);
  });
});

import { filter, firstValueFrom, take, timeout, toArray } from 'rxjs';
import type { Observable } from 'rxjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredTrack, Track } from '@loofi/contracts';
import type { ContractHarness } from './contract-harness';
import { firebaseHarness } from './firebase/firebase.harness';
import { localHarness } from './local/local.harness';
import type { Backend } from './ports';
import { DUPLICATE_TRACK_MESSAGE } from '@loofi/contracts';

const WAIT_MS = 10_000;

const track = (title: string, author = 'Lo Fi Girl'): Track => ({
  title,
  author,
  audio: `https://cdn.example.org/${encodeURIComponent(title)}.mp3`,
  image: '/demo/cover.svg',
});

/** The first value of a stream that satisfies a condition. */
const until = <T>(stream$: Observable<T>, predicate: (value: T) => boolean) =>
  firstValueFrom(stream$.pipe(filter(predicate), timeout(WAIT_MS)));

const titles = (tracks: readonly StoredTrack[]) => tracks.map((entry) => entry.title);

const harnesses: ContractHarness[] = [localHarness(), firebaseHarness()];

for (const harness of harnesses) {
  if (harness.unavailable !== null) {
    console.warn(`Skipping the ${harness.name} backend contract: ${harness.unavailable}`);
  }
  describe.skipIf(harness.unavailable !== null)(`the ${harness.name} backend`, () => {
    const clients: Backend[] = [];
    const client = async (options?: { chosenAccount?: string | null }) => {
      const created = await harness.createClient(options);
      clients.push(created);
      return created;
    };

    beforeAll(() => harness.setUp(), 120_000);
    afterAll(() => harness.tearDown(), 60_000);
    beforeEach(async () => {
      await Promise.all(clients.splice(0).map((created) => created.dispose()));
      await harness.reset();
    }, 30_000);

    it('starts with an empty library', async () => {
      const backend = await client();
      expect(await firstValueFrom(backend.library.tracks$.pipe(timeout(WAIT_MS)))).toEqual([]);
    });

    it('shows a subscriber every add, update and remove', async () => {
      const backend = await client();
      const seen = backend.library.tracks$.pipe(take(4), toArray(), timeout(WAIT_MS));
      const history = firstValueFrom(seen);
      await until(backend.library.tracks$, (tracks) => tracks.length === 0);
      await backend.library.add(track('Rain'));
      const [rain] = await until(backend.library.tracks$, (tracks) => tracks.length === 1);
      await backend.library.update(rain!.key, track('Rain (remastered)'));
      await until(backend.library.tracks$, (tracks) => tracks[0]?.title === 'Rain (remastered)');
      await backend.library.remove(rain!.key);
      expect((await history).map(titles)).toEqual([[], ['Rain'], ['Rain (remastered)'], []]);
    });

    it('keeps the other tracks intact and addressable after a delete in the middle', async () => {
      const backend = await client();
      await backend.library.addMany([track('One'), track('Two'), track('Three')]);
      const [one, two, three] = await until(backend.library.tracks$, (t) => t.length === 3);
      await backend.library.remove(two!.key);
      const left = await until(backend.library.tracks$, (t) => t.length === 2);
      expect(left).toEqual([one, three]);
      await backend.library.update(three!.key, track('Three, edited'));
      expect(titles(await until(backend.library.tracks$, (t) => t[1]?.title !== 'Three'))).toEqual([
        'One',
        'Three, edited',
      ]);
      await backend.library.add(track('Four'));
      expect(titles(await until(backend.library.tracks$, (t) => t.length === 3))).toEqual([
        'One',
        'Three, edited',
        'Four',
      ]);
    });

    it('loses no track when two clients add 50 each at once', async () => {
      const [first, second] = await Promise.all([client(), client()]);
      const fifty = (backend: Backend, who: string) =>
        Array.from({ length: 50 }, (_, index) => backend.library.add(track(`${who} ${index}`)));
      await Promise.all([...fifty(first, 'first'), ...fifty(second, 'second')]);
      const tracks = await until(first.library.tracks$, (t) => t.length >= 100);
      expect(tracks).toHaveLength(100);
      expect(new Set(tracks.map((entry) => entry.key)).size).toBe(100);
      expect(new Set(titles(tracks)).size).toBe(100);
    }, 60_000);

    it("shows one client's changes to another live", async () => {
      const [writer, reader] = await Promise.all([client(), client()]);
      await until(reader.library.tracks$, (t) => t.length === 0);
      await writer.library.add(track('Shared'));
      expect(titles(await until(reader.library.tracks$, (t) => t.length === 1))).toEqual([
        'Shared',
      ]);
    });

    it('keeps a subscriber of another client up to date through a burst of writes', async () => {
      const [writer, reader] = await Promise.all([client(), client()]);
      const seen: number[] = [];
      const held = reader.library.tracks$.subscribe((tracks) => seen.push(tracks.length));
      try {
        await until(reader.library.tracks$, () => true);
        for (let batch = 0; batch < 5; batch += 1) {
          await writer.library.addMany(
            Array.from({ length: 20 }, (_, index) => track(`Burst ${batch}-${index}`)),
          );
        }
        await expect.poll(() => seen.at(-1), { timeout: WAIT_MS }).toBe(100);
      } finally {
        held.unsubscribe();
      }
    });

    it('refuses a track with an unsafe address and stores nothing', async () => {
      const backend = await client();
      await expect(
        backend.library.add({ ...track('Bad'), audio: 'javascript:alert(1)' }),
      ).rejects.toThrow('The audio address must be an https URL or a path on this site.');
      // Plain http elsewhere would be stored and then blocked by the site's security policy.
      await expect(
        backend.library.add({ ...track('Insecure'), audio: 'http://cdn.example.org/a.mp3' }),
      ).rejects.toThrow('The audio address must be an https URL or a path on this site.');
      await expect(
        backend.library.addMany([track('Good'), { ...track('Bad'), image: 'data:image/png,x' }]),
      ).rejects.toThrow('The image address');
      await backend.library.add(track('After'));
      expect(titles(await until(backend.library.tracks$, (t) => t.length > 0))).toEqual(['After']);
    });

    it('refuses music the library already holds, however its title is spaced or cased', async () => {
      const backend = await client();
      await backend.library.add(track('Rainy Window'));
      await expect(
        backend.library.add(track('  rainy\u200B  WINDOW ', 'lo fi girl')),
      ).rejects.toThrow(DUPLICATE_TRACK_MESSAGE);
      expect(
        await backend.library.addMany([track('Rainy Window'), track('Snow'), track('snow')]),
      ).toBe(1);
      expect(titles(await until(backend.library.tracks$, (t) => t.length === 2))).toEqual([
        'Rainy Window',
        'Snow',
      ]);
    });

    it('adds a file imported in two tabs at once only once', async () => {
      const [first, second] = await Promise.all([client(), client()]);
      const file = Array.from({ length: 50 }, (_, index) => track(`Track ${index}`));
      const added = await Promise.all([
        first.library.addMany(file.slice(0, 25)),
        second.library.addMany(file.slice(0, 25)),
      ]).then(async (firstHalf) => [
        ...firstHalf,
        ...(await Promise.all([
          first.library.addMany(file.slice(25)),
          second.library.addMany(file.slice(25)),
        ])),
      ]);
      expect(added.reduce((sum, count) => sum + count, 0)).toBe(50);
      const reader = await client();
      const stored = await until(reader.library.tracks$, (t) => t.length >= 50);
      expect(stored).toHaveLength(50);
    });

    it("adds beside an old entry that today's checks would refuse, touching only new entries", async () => {
      const backend = await client();
      // Written by an older release: an extra field the rules no longer accept.
      await harness.writeRawTrack('3', { ...track('Old'), lyrics: 'la la' });
      await backend.library.add(track('New'));
      expect(await backend.library.addMany([track('Newer'), track('New')])).toBe(1);
      const stored = await until(backend.library.tracks$, (t) => t.length === 3);
      expect(titles(stored)).toEqual(['Old', 'New', 'Newer']);
      // Another entry's music cannot be taken over by an edit; its own can be kept.
      const newer = stored.find((entry) => entry.title === 'Newer')!;
      await expect(backend.library.update(newer.key, track('new'))).rejects.toThrow(
        DUPLICATE_TRACK_MESSAGE,
      );
      await backend.library.update(newer.key, { ...track('Newer'), image: '' });
      // A removed track's music can be added again.
      await backend.library.remove(newer.key);
      await until(backend.library.tracks$, (t) => t.length === 2);
      await backend.library.add(track('Newer'));
      expect(titles(await until(backend.library.tracks$, (t) => t.length === 3))).toContain(
        'Newer',
      );
    });

    it('refuses to update or remove a track that is not there', async () => {
      const backend = await client();
      await expect(backend.library.update('404', track('Ghost'))).rejects.toThrow();
      await expect(backend.library.remove('404')).rejects.toThrow();
    });

    it('skips corrupt entries and reports them in one summary per load', async () => {
      const backend = await client();
      await backend.library.add(track('Fine'));
      await harness.writeRawTrack('7', { title: 'No author', audio: 'https://x.example/a.mp3' });
      await harness.writeRawTrack('8', { ...track('Evil'), audio: 'javascript:alert(1)' });
      await harness.writeRawTrack('9', 'not a track');
      const reader = await client();
      expect(titles(await until(reader.library.tracks$, (t) => t.length > 0))).toEqual(['Fine']);
      await expect
        .poll(async () => (await harness.readLogs()).length, { timeout: WAIT_MS })
        .toBe(1);
      // Reading again (another change) writes nothing more in this load.
      await reader.library.add(track('Later'));
      await until(reader.library.tracks$, (t) => t.length === 2);
      const logs = await harness.readLogs();
      expect(logs).toHaveLength(1);
      expect(logs[0]?.message).toMatch(/^Skipped 3 corrupt entries of loofi-music: /);
      for (const key of ['7', '8', '9']) expect(logs[0]?.message).toContain(`loofi-music/${key} (`);
    });

    it('lists unreadable entries for repair, and a repaired one joins the library', async () => {
      const backend = await client();
      await backend.library.add(track('Fine'));
      await harness.writeRawTrack('5', { title: 'Half', author: 'Owl', audio: 'javascript:x' });
      const reader = await client();
      const unreadable$ = reader.library.unreadable$;
      expect(unreadable$).toBeDefined();
      const [entry] = await until(unreadable$!, (entries) => entries.length === 1);
      expect(entry).toMatchObject({
        key: '5',
        found: { title: 'Half', author: 'Owl', audio: 'javascript:x', image: '' },
      });
      await reader.library.update('5', track('Half'));
      expect(titles(await until(reader.library.tracks$, (t) => t.length === 2))).toContain('Half');
      expect(await until(unreadable$!, (entries) => entries.length === 0)).toEqual([]);
    });

    it('round-trips the credential document and revokes it for every client', async () => {
      const [owner, otherTab] = await Promise.all([client(), client()]);
      const token = 'ab'.repeat(132);
      await owner.credentials.write('owner', { email: 'owner@example.org', token });
      expect(await until(otherTab.credentials.credential$('owner'), (c) => c !== null)).toEqual({
        email: 'owner@example.org',
        token,
      });
      expect(await firstValueFrom(owner.credentials.credential$('someone-else'))).toBeNull();
      await owner.credentials.revoke('owner');
      expect(await until(otherTab.credentials.credential$('owner'), (c) => c === null)).toBeNull();
    });

    it('writes an error log entry with all four fields', async () => {
      const backend = await client();
      const entry = {
        message: 'Uncaught TypeError: x is undefined',
        url: 'http://localhost:3000/static/js/main.js',
        location: { line: 12, column: 34 },
        error: 'TypeError: x is undefined\n    at main.js:12:34',
      };
      await backend.errorLog.log(entry);
      expect(await harness.readLogs()).toEqual([entry]);
    });

    it('follows the connection to the database', async () => {
      const backend = await client();
      await until(backend.connection.connected$, (connected) => connected);
      await harness.disconnect();
      await until(backend.connection.connected$, (connected) => !connected);
      await harness.reconnect();
      await until(backend.connection.connected$, (connected) => connected);
    }, 60_000);

    it('signs in with the account chosen in the popup, and fails when it is closed', async () => {
      const chosen = await client({ chosenAccount: 'owner@example.org' });
      await expect(chosen.auth.signInWithPopup()).resolves.toEqual({ email: 'owner@example.org' });
      await chosen.auth.signOut();
      const closed = await client({ chosenAccount: null });
      await expect(closed.auth.signInWithPopup()).rejects.toThrow();
    });
  });
}

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getApp } from 'firebase/app';
import { getAuth } from 'firebase/auth';
import { getFirestore } from 'firebase/firestore';
import { Subject } from 'rxjs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMULATOR_WAIT, emulatorsUnavailableReason } from '@loofi/firebase/emulators';
import type { RunningEmulators } from '@loofi/firebase/emulators';
import { startTestEmulators } from '@loofi/firebase/emulators/vitest';
import {
  AMBIENCE_LAYER_IDS as RULES_LAYER_IDS,
  AMBIENCE_LEVELS_PATTERN,
  databaseRules,
  firestoreRules,
  LIMITS,
  SAVED_MIX_PATTERN,
} from '@loofi/firebase/rules';
import type { AmbienceSettingsRecord, AmbienceSettingsStore, Backend } from '../ports';
import { createFirebaseBackend } from './firebase-backend';
import { MAX_MIX_NAME, MAX_SAVED_MIXES } from '../ports';
import {
  AMBIENCE_LAYER_IDS,
  createFirestoreAmbience,
  readAmbienceSettings,
  writtenAmbienceSettings,
} from './firestore-ambience';

const OWNER = 'owner@example.org';
const rainyCafe = { rain: 55, cafe: 45, fireplace: 0, wind: 0, vinyl: 15, brown: 0 };
const settings: AmbienceSettingsRecord = {
  mix: { levels: rainyCafe, master: 80 },
  saved: [{ name: 'Rainy café, late', levels: { ...rainyCafe, brown: 100 } }],
  lowerWithBreaks: true,
  at: Date.now(),
};

describe('the ambience settings as the document keeps them', () => {
  it('writes layers as one string each, and reads them back', () => {
    const written = writtenAmbienceSettings(settings);
    expect(written).toEqual({
      mix: { levels: '55,45,0,0,15,0', master: 80 },
      saved: ['55,45,0,0,15,100 Rainy café, late'],
      lowerWithBreaks: true,
      at: settings.at,
    });
    expect(readAmbienceSettings(written)).toEqual(settings);
  });

  it('agrees with the rules on the layers, their strings, and how many mixes of what names', () => {
    expect(AMBIENCE_LAYER_IDS).toEqual(RULES_LAYER_IDS);
    expect(MAX_SAVED_MIXES).toBe(LIMITS.savedMixes);
    expect(MAX_MIX_NAME).toBe(LIMITS.mixName);
    const written = writtenAmbienceSettings(settings)!;
    const { levels } = written.mix as { levels: string };
    expect(new RegExp(AMBIENCE_LEVELS_PATTERN).test(levels)).toBe(true);
    expect(new RegExp(SAVED_MIX_PATTERN, 'u').test((written.saved as string[])[0]!)).toBe(true);
  });

  const mix = (name: string) => ({ name, levels: rainyCafe });
  it.each<[string, AmbienceSettingsRecord]>([
    [
      'a layer over 100',
      { ...settings, mix: { ...settings.mix, levels: { ...rainyCafe, rain: 101 } } },
    ],
    [
      'a layer in between',
      { ...settings, mix: { ...settings.mix, levels: { ...rainyCafe, wind: 0.5 } } },
    ],
    ['a volume under 0', { ...settings, mix: { ...settings.mix, master: -1 } }],
    ['an empty name', { ...settings, saved: [mix('')] }],
    ['a 61-character name', { ...settings, saved: [mix('n'.repeat(61))] }],
    ['a name over two lines', { ...settings, saved: [mix('Rainy\ncafé')] }],
    ['25 saved mixes', { ...settings, saved: Array.from({ length: 25 }, (_, at) => mix(`${at}`)) }],
  ])('writes nothing for settings with %s', (_reason, refused) => {
    expect(writtenAmbienceSettings(refused)).toBeNull();
  });

  it.each([
    ['nothing', null],
    [
      'layers as a map',
      { mix: { levels: rainyCafe, master: 80 }, saved: [], lowerWithBreaks: true, at: 1 },
    ],
    [
      'five layers',
      { mix: { levels: '1,2,3,4,5', master: 80 }, saved: [], lowerWithBreaks: true, at: 1 },
    ],
    [
      'a mix without its name',
      {
        mix: { levels: '1,2,3,4,5,6', master: 80 },
        saved: ['1,2,3,4,5,6'],
        lowerWithBreaks: true,
        at: 1,
      },
    ],
    ['no breaks setting', { mix: { levels: '1,2,3,4,5,6', master: 80 }, saved: [], at: 1 }],
    ['no time', { mix: { levels: '1,2,3,4,5,6', master: 80 }, saved: [], lowerWithBreaks: true }],
  ])('reads %s as no settings', (_reason, value) => {
    expect(readAmbienceSettings(value)).toBeNull();
  });
});

const unavailable = emulatorsUnavailableReason();
if (unavailable !== null)
  console.warn(`Skipping the ambience settings on the emulators: ${unavailable}`);

describe.skipIf(unavailable !== null)('the ambience settings on the Firestore emulator', () => {
  let emulators: RunningEmulators | null = null;
  let rulesDir = '';
  const clients: Backend[] = [];
  let created = 0;

  /** A device of the owner (another browser, its own Firebase app), signed in. */
  async function device() {
    const { config, hosts } = emulators!;
    created += 1;
    const appName = `ambience-device-${created}`;
    const backend = await createFirebaseBackend({
      config,
      emulators: hosts,
      chooseAccount: async () => OWNER,
      appName,
    });
    clients.push(backend);
    await backend.auth.signInWithPopup();
    const store = backend.ambienceSettings as AmbienceSettingsStore;
    const seen: (AmbienceSettingsRecord | null)[] = [];
    store.settings$.subscribe((kept) => seen.push(kept));
    return { backend, store, seen, appName };
  }

  beforeAll(async () => {
    // The rules as deployed: a save they would refuse fails here too.
    rulesDir = await mkdtemp(join(tmpdir(), 'loofi-ambience-rules-'));
    const firestoreRulesPath = join(rulesDir, 'firestore.rules');
    await writeFile(firestoreRulesPath, firestoreRules([OWNER]));
    emulators = await startTestEmulators({
      firestoreRulesPath,
      databaseRules: databaseRules([OWNER]),
    });
  }, 120_000);
  afterAll(async () => {
    await emulators?.stop();
    await rm(rulesDir, { recursive: true, force: true });
  }, 60_000);
  beforeEach(() => emulators!.clearData(), 30_000);
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  it("gives one device's saves to another, live, and echoes none of a device's own", async () => {
    const laptop = await device();
    const phone = await device();
    await vi.waitFor(() => expect(phone.seen).toEqual([null]), EMULATOR_WAIT);
    await laptop.store.save(settings);
    await vi.waitFor(() => expect(phone.seen).toEqual([null, settings]), EMULATOR_WAIT);
    const quiet = { ...settings, mix: { ...settings.mix, master: 0 }, at: settings.at + 1 };
    await phone.store.save(quiet);
    await vi.waitFor(() => expect(laptop.seen.at(-1)).toEqual(quiet), EMULATOR_WAIT);
    expect(laptop.seen).toEqual([null, quiet]);
    expect(phone.seen).toEqual([null, settings]);
  });

  it('keeps the newer save when an older one arrives late, and sends none the rules would refuse', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const laptop = await device();
    await laptop.store.save(settings);
    const owner = async () => getAuth(getApp(laptop.appName)).currentUser?.uid ?? null;
    // A change made an hour ago, sent now (queued offline): the rules refuse it.
    const late = createFirestoreAmbience(
      getFirestore(getApp(laptop.appName)),
      owner,
      new Subject<void>(),
    );
    await late.save({ ...settings, lowerWithBreaks: false, at: settings.at - 3_600_000 });
    await laptop.store.save({
      ...settings,
      saved: Array.from({ length: 25 }, (_, at) => ({ name: `${at}`, levels: rainyCafe })),
    });
    const phone = await device();
    await vi.waitFor(() => expect(phone.seen).toEqual([settings]), EMULATOR_WAIT);
    const ours = warn.mock.calls.filter(([message]) =>
      String(message).startsWith('The ambience settings could not be saved'),
    );
    expect(ours).toHaveLength(2);
  });
});

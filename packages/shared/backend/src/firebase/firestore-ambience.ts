import { doc, onSnapshot, setDoc } from 'firebase/firestore';
import type { Firestore } from 'firebase/firestore';
import { Observable, takeUntil } from 'rxjs';
import { MAX_MIX_NAME, MAX_SAVED_MIXES } from '../ports';
import type { AmbienceLevels, AmbienceSettingsRecord, AmbienceSettingsStore } from '../ports';

/** The owner's ambience settings: collection 'loofi-ambience', document '{uid}'. */
export const AMBIENCE_COLLECTION = 'loofi-ambience';
/** Also `AMBIENCE_LAYER_IDS` in firebase/rules/rules-source.ts (the rules name each layer). */
export const AMBIENCE_LAYER_IDS = ['rain', 'cafe', 'fireplace', 'wind', 'vinyl', 'brown'] as const;
/**
 * A mix's layers as kept, in the order above, joined by commas ("55,45,0,0,15,0"), and a
 * saved mix as its layers, a space and its name ("55,45,0,0,15,0 Rainy café"): one string
 * the rules check in one expression (a map of six costs dozens, and a write may evaluate
 * 1,000). Also `AMBIENCE_LEVELS_PATTERN` and `SAVED_MIX_PATTERN` in rules-source.ts.
 */
const LEVELS = `(100|[1-9]?[0-9])(,(100|[1-9]?[0-9])){${AMBIENCE_LAYER_IDS.length - 1}}`;
// The rules language has no loops, so they check each saved mix by its place, and at most
// `MAX_SAVED_MIXES` (ports.ts): also `LIMITS.savedMixes` and `LIMITS.mixName` in rules-source.ts.
// `u`: a character is a code point, as in the rules' RE2; `.` takes no line break in either.
const KEPT_LEVELS = new RegExp(`^${LEVELS}$`, 'u');
const KEPT_MIX = new RegExp(`^(${LEVELS}) (.{1,${MAX_MIX_NAME}})$`, 'u');

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const exactly = (value: Fields, fields: readonly string[]) => {
  const keys = Object.keys(value);
  return keys.length === fields.length && fields.every((field) => keys.includes(field));
};

const isLevel = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;

const levelsOf = (text: string): AmbienceLevels => {
  const values = text.split(',').map(Number);
  return Object.fromEntries(AMBIENCE_LAYER_IDS.map((id, at) => [id, values[at]])) as AmbienceLevels;
};

function readSavedMix(value: unknown): AmbienceSettingsRecord['saved'][number] | null {
  const match = typeof value === 'string' ? KEPT_MIX.exec(value) : null;
  return match ? { name: match.at(-1)!, levels: levelsOf(match[1]!) } : null;
}

/**
 * A kept document read as the rules let it be written: the mix's layers and volume, whole
 * numbers from 0 to 100; at most 24 saved mixes, each its layers and a name of 1 to 60
 * characters; a yes or no; and its time. Anything else reads as null.
 */
export function readAmbienceSettings(value: unknown): AmbienceSettingsRecord | null {
  if (!isFields(value)) return null;
  const { mix, saved, lowerWithBreaks, at } = value;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  if (!isFields(mix) || !exactly(mix, ['levels', 'master']) || !isLevel(mix.master)) return null;
  if (typeof mix.levels !== 'string' || !KEPT_LEVELS.test(mix.levels)) return null;
  if (typeof lowerWithBreaks !== 'boolean') return null;
  if (!Array.isArray(saved) || saved.length > MAX_SAVED_MIXES) return null;
  const mixes = saved.map(readSavedMix);
  if (mixes.some((entry) => entry === null)) return null;
  return {
    mix: { levels: levelsOf(mix.levels), master: mix.master },
    saved: mixes as AmbienceSettingsRecord['saved'],
    lowerWithBreaks,
    at,
  };
}

const keptLevels = (levels: AmbienceLevels) => AMBIENCE_LAYER_IDS.map((id) => levels[id]).join(',');

/** Settings as the document keeps them, or null for settings the rules would refuse. */
export function writtenAmbienceSettings(settings: AmbienceSettingsRecord): Fields | null {
  const { mix, saved, lowerWithBreaks, at } = settings;
  const written = {
    mix: { levels: keptLevels(mix.levels), master: mix.master },
    saved: saved.map(({ name, levels }) => `${keptLevels(levels)} ${name}`),
    lowerWithBreaks,
    at,
  };
  return readAmbienceSettings(written) ? written : null;
}

/**
 * The ambience settings of the signed-in owner (`owner` gives their uid, null when nobody is
 * signed in), live, in Firestore beside the credential document: with offline persistence
 * they are kept on the device too. They serve the ambience, which must never fail because
 * of them: a read that fails gives nothing, a save that fails is dropped, and the first
 * failure of each is logged. Each save carries the time of its change (`at`), so a save
 * queued offline and sent later cannot bury a newer one from another device: the rules
 * refuse it.
 */
export function createFirestoreAmbience(
  firestore: Firestore,
  owner: () => Promise<string | null>,
  /** Emits (and replays) once the backend is disposed. */
  disposed$: Observable<void>,
): AmbienceSettingsStore {
  const warned = new Set<string>();
  const warnOnce = (what: 'read' | 'saved', error: unknown) => {
    if (warned.has(what)) return;
    warned.add(what);
    console.warn(`The ambience settings could not be ${what}: ${String(error)}`);
  };

  return {
    settings$: new Observable<AmbienceSettingsRecord | null>((subscriber) => {
      let closed = false;
      let stop: (() => void) | undefined;
      owner().then(
        (uid) => {
          if (closed || uid === null) return;
          stop = onSnapshot(
            doc(firestore, AMBIENCE_COLLECTION, uid),
            (snapshot) => {
              // This device's own save, not yet on the server: what it holds already, and
              // a save a slider has since moved past.
              if (snapshot.metadata.hasPendingWrites) return;
              if (!snapshot.exists()) return subscriber.next(null);
              const settings = readAmbienceSettings(snapshot.data());
              if (settings) subscriber.next(settings);
              else warnOnce('read', new Error('the kept document is not ambience settings'));
            },
            (error) => warnOnce('read', error),
          );
        },
        (error: unknown) => warnOnce('read', error),
      );
      return () => {
        closed = true;
        stop?.();
      };
    }).pipe(takeUntil(disposed$)),

    async save(settings) {
      const written = writtenAmbienceSettings(settings);
      // Settings the rules would refuse (a 25th saved mix, a name too long) are not sent.
      if (written === null) {
        warnOnce('saved', new Error('they are not settings the backend keeps'));
        return;
      }
      try {
        const uid = await owner();
        if (uid === null) return;
        await setDoc(doc(firestore, AMBIENCE_COLLECTION, uid), written);
      } catch (error) {
        warnOnce('saved', error);
      }
    },
  };
}

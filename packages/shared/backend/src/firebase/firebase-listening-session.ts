import { onValue, ref, update } from 'firebase/database';
import type { Database } from 'firebase/database';
import { plainTrack, readStoredTrack } from '@loofi/contracts';
import type { ListeningSession, ListeningSessionStore } from '../ports';

/**
 * Each owner's listening session, at `loofi-listening/{uid}` in the Realtime Database.
 * Not Firestore: the three Realtime Database functions used here (`ref`, `onValue`, `update`)
 * are already in the data chunk for the library, while Firestore's one-time read (`getDoc`)
 * would add bytes to the Firebase build's budgeted dashboard; and these rules are generated
 * beside the library's, with its track checks (firebase/rules/rules-source.ts).
 */
export const LISTENING_PATH = 'loofi-listening';
/**
 * No track is a day long. Also `LIMITS.sessionPosition` in firebase/rules/rules-source.ts
 * (the rules refuse a larger position).
 */
export const MAX_SESSION_POSITION = 86_400;

const SESSION_FIELDS = ['track', 'position', 'at'];
const TRACK_FIELDS = ['title', 'author', 'audio', 'image'];

const hasExactly = (value: object, fields: readonly string[]) => {
  const keys = Object.keys(value);
  return keys.length === fields.length && fields.every((field) => keys.includes(field));
};

/**
 * A stored session read defensively: its three fields, the track's four and nothing else, a
 * track the library would accept, a position within a day and a time. Anything else (a
 * corrupt or foreign document) reads as no session.
 */
export function readListeningSession(value: unknown): ListeningSession | null {
  if (typeof value !== 'object' || value === null || !hasExactly(value, SESSION_FIELDS)) {
    return null;
  }
  const { track, position, at } = value as Record<string, unknown>;
  if (typeof track !== 'object' || track === null || !hasExactly(track, TRACK_FIELDS)) return null;
  const read = readStoredTrack(track);
  if (!('track' in read)) return null;
  if (typeof position !== 'number' || !(position >= 0 && position <= MAX_SESSION_POSITION)) {
    return null;
  }
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  return { track: read.track, position, at };
}

/**
 * The listening session of the signed-in owner (`owner` gives their uid, null when nobody is
 * signed in). It serves the player, which must never fail because of it: a read that fails
 * is no session, a write that fails is dropped, and the first failure of each is logged.
 */
export function createListeningSessionStore(
  db: Database,
  owner: () => Promise<string | null>,
): ListeningSessionStore {
  const warned = new Set<string>();
  const warnOnce = (what: 'read' | 'saved', error: unknown) => {
    if (warned.has(what)) return;
    warned.add(what);
    console.warn(`The listening session could not be ${what}: ${String(error)}`);
  };

  return {
    async read() {
      try {
        const uid = await owner();
        if (uid === null) return null;
        const value = await new Promise<unknown>((resolve, reject) => {
          onValue(
            ref(db, `${LISTENING_PATH}/${uid}`),
            (snapshot) => resolve(snapshot.val()),
            reject,
            { onlyOnce: true },
          );
        });
        return readListeningSession(value);
      } catch (error) {
        warnOnce('read', error);
        return null;
      }
    },
    async write(session) {
      const stored = {
        track: plainTrack(session.track),
        position: Math.min(Math.max(0, session.position), MAX_SESSION_POSITION),
        at: session.at,
      };
      // A track the rules would refuse is not sent, to be refused on every save.
      if (readListeningSession(stored) === null) return;
      try {
        const uid = await owner();
        if (uid === null) return;
        // An update of the parent with the owner's key replaces that child whole, as `set`
        // would, with a function the library's chunk already holds.
        await update(ref(db, LISTENING_PATH), { [uid]: stored });
      } catch (error) {
        warnOnce('saved', error);
      }
    },
  };
}

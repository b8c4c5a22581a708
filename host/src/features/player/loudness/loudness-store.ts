// The measured loudness of tracks, kept in browser storage beside the library rather than
// in it: library entries keep SPEC §3's four fields, and a track is measured once per
// browser, not once per session.

/** One key for every measurement; not one of SPEC §3's keys ('music-session', …). */
export const LOUDNESS_STORAGE_KEY = 'loofi-loudness';
/**
 * About 70 bytes an entry, so at most some 350 kB of the origin's ~5 MB: far more tracks
 * than a library holds, and a bound on what the tracks of deleted entries leave behind.
 */
export const MAX_LOUDNESS_ENTRIES = 5000;

const FORMAT_VERSION = 1;

/** Measured loudness per track identity, remembered across sessions. */
export interface LoudnessStore {
  /**
   * The loudness measured for `identity`, if it was measured from this `audio`: an entry
   * whose audio was edited since is measured again.
   */
  get(identity: string, audio: string): number | undefined;
  set(identity: string, audio: string, lufs: number): void;
}

export type LoudnessStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface LoudnessStoreOptions {
  /** `null` keeps measurements in memory only; by default localStorage, if the browser allows. */
  storage?: LoudnessStorage | null;
  maxEntries?: number;
}

interface Entry {
  lufs: number;
  /** A hash of the audio URL: enough to notice an edit, shorter than the URL. */
  audio: string;
}

/** Stored as `{ v, entries: [identity, lufs, audio hash][] }`, oldest first. */
type StoredEntry = [identity: string, lufs: number, audio: string];

/** FNV-1a, 32 bits, in base 36 (at most 7 characters). */
function audioHash(url: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash = Math.imul(hash ^ url.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

const isStoredEntry = (value: unknown): value is StoredEntry =>
  Array.isArray(value) &&
  value.length === 3 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'number' &&
  Number.isFinite(value[1]) &&
  typeof value[2] === 'string';

/** Reading localStorage itself throws where the browser denies storage to the page. */
function defaultStorage(): LoudnessStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The loudness store over browser storage. It never throws: missing or corrupt data reads
 * as no measurements (a corrupt entry is dropped, its neighbours kept), and what full or
 * denied storage cannot keep stays in memory for the session. Past `maxEntries` the
 * oldest measurements go first.
 */
export function createLoudnessStore(options: LoudnessStoreOptions = {}): LoudnessStore {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const maxEntries = Math.max(1, options.maxEntries ?? MAX_LOUDNESS_ENTRIES);
  let memory: Map<string, Entry> | null = null;

  const read = (): Map<string, Entry> => {
    const entries = new Map<string, Entry>();
    if (!storage) return entries;
    try {
      const text = storage.getItem(LOUDNESS_STORAGE_KEY);
      const parsed: unknown = text === null ? null : JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || !('entries' in parsed)) return entries;
      if (!('v' in parsed) || parsed.v !== FORMAT_VERSION || !Array.isArray(parsed.entries)) {
        return entries;
      }
      for (const value of parsed.entries as unknown[]) {
        if (!isStoredEntry(value)) continue;
        const [identity, lufs, audio] = value;
        // A later duplicate is the newer measurement: it moves to its place in the order.
        entries.delete(identity);
        entries.set(identity, { lufs, audio });
      }
    } catch {
      // Unparsable text is treated as nothing stored; the next measurement rewrites it.
    }
    return entries;
  };

  const write = (entries: Map<string, Entry>) => {
    if (!storage) return;
    const list: StoredEntry[] = [...entries].map(([identity, { lufs, audio }]) => [
      identity,
      lufs,
      audio,
    ]);
    // Full storage: give up the older half of the measurements until the rest fits; they
    // can be measured again, the other keys of the origin (the session) cannot.
    while (list.length > 0) {
      try {
        storage.setItem(LOUDNESS_STORAGE_KEY, JSON.stringify({ v: FORMAT_VERSION, entries: list }));
        return;
      } catch {
        list.splice(0, Math.ceil(list.length / 2));
      }
    }
  };

  const loaded = () => (memory ??= read());

  return {
    get(identity, audio) {
      const entry = loaded().get(identity);
      return entry && entry.audio === audioHash(audio) ? entry.lufs : undefined;
    },
    set(identity, audio, lufs) {
      if (!Number.isFinite(lufs)) return;
      // Read again: another tab may have measured other tracks since this one loaded.
      const entries = read();
      for (const [key, entry] of loaded()) if (!entries.has(key)) entries.set(key, entry);
      entries.delete(identity);
      // Hundredths of a LU are finer than anyone hears, and keep the stored text short.
      entries.set(identity, { lufs: Math.round(lufs * 100) / 100, audio: audioHash(audio) });
      for (const key of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(key);
      }
      memory = entries;
      write(entries);
    },
  };
}

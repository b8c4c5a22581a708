import type { Observable } from 'rxjs';
import type { StoredTrack, Track } from './track';

/** What a tab that shows the library says when `tracks$` fails (the library cannot be read). */
export const LIBRARY_UNREADABLE_MESSAGE =
  'Your tracks could not be loaded. Check your connection, then reload the page.';

/** A library entry that cannot be played as it is stored: the owner repairs or deletes it. */
export interface UnreadableEntry {
  key: string;
  /** What is wrong with it, in words. */
  problem: string;
  /** Whatever of the four fields was text (the rest empty), to start a repair from. */
  found: Track;
}

/** The track library (`loofi-music`), observable and editable. */
export interface LibraryPort {
  /** Every readable entry, in stored order, holes and corrupt entries skipped. */
  readonly tracks$: Observable<readonly StoredTrack[]>;
  /**
   * The entries `tracks$` skips because they cannot be read, live, for `update` (repair) or
   * `remove`. Optional: a shell of an earlier release does not offer it.
   */
  readonly unreadable$?: Observable<readonly UnreadableEntry[]>;
  /**
   * A few tracks picked at random, for a first screen while a large library is still being
   * read whole; emits at most once, and only before `tracks$` has a list to give. Optional:
   * a backend that reads quickly, or a shell of an earlier release, does not offer it.
   */
  readonly sample$?: Observable<readonly StoredTrack[]>;
  /** Rejects when the library already holds this music (SPEC §5), checked in the write. */
  add(track: Track): Promise<void>;
  /**
   * Adds the tracks whose music is neither in the library nor earlier in `tracks`, checked
   * in the write (two tabs importing one file add it once); resolves with how many it added.
   */
  addMany(tracks: readonly Track[]): Promise<number>;
  /** Rejects when another entry already holds this music. */
  update(key: string, track: Track): Promise<void>;
  remove(key: string): Promise<void>;
}

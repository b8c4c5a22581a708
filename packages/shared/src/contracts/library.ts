import type { Observable } from 'rxjs';
import type { StoredTrack, Track } from './track';

/** The track library (`loofi-music`), observable and editable. */
export interface LibraryPort {
  /** Every readable entry, in stored order, holes and corrupt entries skipped. */
  readonly tracks$: Observable<readonly StoredTrack[]>;
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

import type { Observable } from 'rxjs';
import type { StoredTrack, Track } from './track';

/** The track library (`loofi-music`), observable and editable. */
export interface LibraryPort {
  /** Every readable entry, in stored order, holes and corrupt entries skipped. */
  readonly tracks$: Observable<readonly StoredTrack[]>;
  add(track: Track): Promise<void>;
  addMany(tracks: readonly Track[]): Promise<void>;
  update(key: string, track: Track): Promise<void>;
  remove(key: string): Promise<void>;
}

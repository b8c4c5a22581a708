import type { Track } from '@loofi/contracts';
import {
  readMusicSession,
  readPosition,
  readVolume,
  writeMusicSession,
  writePosition,
  writeVolume,
} from './player-storage';

export interface VolumeSetting {
  volume: number;
  muted: boolean;
}

/**
 * What the player keeps across page loads, and all it asks of storage: the volume, and the
 * track playing and where in it ('Continue where you left off'). The listening session kept
 * in the backend follows the bus on its own (`session-sync.ts`).
 */
export interface PlayerPersistence {
  volume(): VolumeSetting;
  saveVolume(setting: VolumeSetting): void;
  /** The last track and where in it playback was, if there is one. */
  lastSession(): { track: Track; position: number } | null;
  /** `track` is the one playing now (`music-session`). */
  saveTrack(track: Track): void;
  savePosition(track: Track, seconds: number): void;
}

/** The player's memory in the page's storage (localStorage, SPEC §3). */
export function storagePersistence(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): PlayerPersistence {
  return {
    volume: () => readVolume(storage),
    saveVolume: (setting) => writeVolume(storage, setting),
    lastSession: () => {
      const track = readMusicSession(storage);
      return track ? { track, position: readPosition(storage, track) } : null;
    },
    saveTrack: (track) => writeMusicSession(storage, track),
    savePosition: (track, seconds) => writePosition(storage, track, seconds),
  };
}

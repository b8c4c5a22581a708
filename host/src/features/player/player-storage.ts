import type { PlayerState, Track } from '@loofi/contracts';
import { INITIAL_PLAYER_STATE } from '@loofi/contracts/player';

/** SPEC §3: the last track, { title, author, audio, image }. */
export const MUSIC_SESSION_KEY = 'music-session';
/** Where in that track playback was, so it can continue there. */
export const POSITION_KEY = 'music-session-position';
/** No track is a day long: a larger stored position is corrupt, and playback starts over. */
const MAX_POSITION_SECONDS = 24 * 60 * 60;
/** The volume and mute of the player bar. */
export const VOLUME_KEY = 'player-volume';

/** A sensible, audible first-run volume. */
export const DEFAULT_VOLUME = { volume: 0.7, muted: false };

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const parse = (storage: Storage, key: string): unknown => {
  try {
    const text = storage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
};

const write = (storage: Storage, key: string, value: unknown) => {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or denied storage only loses the memory of the last track, never playback.
  }
};

const isString = (value: unknown): value is string => typeof value === 'string';

/** Reads `music-session`; a missing or corrupt value means the default track. */
export function readMusicSession(storage: Storage): Track | null {
  const value = parse(storage, MUSIC_SESSION_KEY) as Partial<Record<keyof Track, unknown>> | null;
  if (!value || typeof value !== 'object') return null;
  const { title, author, audio, image } = value;
  if (!isString(title) || !isString(author) || !isString(audio) || !audio) return null;
  return { title, author, audio, image: isString(image) ? image : '' };
}

export function writeMusicSession(storage: Storage, track: Track) {
  const { title, author, audio, image } = track;
  write(storage, MUSIC_SESSION_KEY, { title, author, audio, image });
}

/** The saved position, if it belongs to this track. */
export function readPosition(storage: Storage, track: Track): number {
  const value = parse(storage, POSITION_KEY) as { audio?: unknown; position?: unknown } | null;
  if (!value || value.audio !== track.audio) return 0;
  const position = value.position;
  return typeof position === 'number' && position > 0 && position <= MAX_POSITION_SECONDS
    ? position
    : 0;
}

export function writePosition(storage: Storage, track: Track, position: number) {
  write(storage, POSITION_KEY, { audio: track.audio, position: Math.max(0, position) });
}

export function readVolume(storage: Storage): { volume: number; muted: boolean } {
  const value = parse(storage, VOLUME_KEY) as { volume?: unknown; muted?: unknown } | null;
  const volume = value?.volume;
  return {
    volume:
      typeof volume === 'number' && volume >= 0 && volume <= 1 ? volume : DEFAULT_VOLUME.volume,
    muted: typeof value?.muted === 'boolean' ? value.muted : DEFAULT_VOLUME.muted,
  };
}

export function writeVolume(storage: Storage, volume: { volume: number; muted: boolean }) {
  write(storage, VOLUME_KEY, volume);
}

/**
 * The player bar before the player has started: the volume, and the last track at its
 * position where the owner continues where they left off (what the player restores).
 */
export function savedPlayerState(storage: Storage, resume: boolean): PlayerState {
  const state = { ...INITIAL_PLAYER_STATE, ...readVolume(storage) };
  const track = resume ? readMusicSession(storage) : null;
  return track ? { ...state, current: track, position: readPosition(storage, track) } : state;
}

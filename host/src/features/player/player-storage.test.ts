import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_VOLUME,
  MUSIC_SESSION_KEY,
  readMusicSession,
  POSITION_KEY,
  readPosition,
  readVolume,
  savedPlayerState,
  VOLUME_KEY,
  writeMusicSession,
  writePosition,
} from './player-storage';

const track = { title: 'Rain', author: 'Lo', audio: '/demo/rain.wav', image: '/demo/rain.svg' };

beforeEach(() => localStorage.clear());

describe('music-session', () => {
  it('round-trips exactly the four fields of SPEC', () => {
    writeMusicSession(localStorage, { ...track, key: '3' } as typeof track);
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!)).toEqual(track);
    expect(readMusicSession(localStorage)).toEqual(track);
  });

  it.each(['not json', '{"title":"x"}', '[]', '{"title":1,"author":"a","audio":"b"}', 'null'])(
    'falls back to the default track for %s',
    (text) => {
      localStorage.setItem(MUSIC_SESSION_KEY, text);
      expect(readMusicSession(localStorage)).toBeNull();
    },
  );
});

describe('the saved position', () => {
  it('belongs to one track', () => {
    writePosition(localStorage, track, 42.5);
    expect(readPosition(localStorage, track)).toBe(42.5);
    expect(readPosition(localStorage, { ...track, audio: '/demo/other.wav' })).toBe(0);
  });

  it('starts over from a position no track could have', () => {
    for (const position of [1.67e306, 25 * 60 * 60, -3, Number.NaN]) {
      localStorage.setItem(POSITION_KEY, JSON.stringify({ audio: track.audio, position }));
      expect(readPosition(localStorage, track)).toBe(0);
    }
  });
});

describe('the volume', () => {
  it('is audible on first run and ignores nonsense', () => {
    expect(readVolume(localStorage)).toEqual(DEFAULT_VOLUME);
    expect(DEFAULT_VOLUME.volume).toBeGreaterThan(0);
    localStorage.setItem(VOLUME_KEY, '{"volume":7,"muted":"yes"}');
    expect(readVolume(localStorage)).toEqual(DEFAULT_VOLUME);
    localStorage.setItem(VOLUME_KEY, '{"volume":0.25,"muted":true}');
    expect(readVolume(localStorage)).toEqual({ volume: 0.25, muted: true });
  });
});

describe('savedPlayerState', () => {
  it('is the last track at its position, with the volume, where the owner resumes', () => {
    writeMusicSession(localStorage, track);
    writePosition(localStorage, track, 42);
    localStorage.setItem(VOLUME_KEY, JSON.stringify({ volume: 0.3, muted: true }));
    expect(savedPlayerState(localStorage, true)).toMatchObject({
      current: track,
      position: 42,
      playing: false,
      volume: 0.3,
      muted: true,
    });
  });

  it('is the default track when the owner does not resume, or nothing was saved', () => {
    writeMusicSession(localStorage, track);
    expect(savedPlayerState(localStorage, false)).toMatchObject({ current: null, position: 0 });
    localStorage.clear();
    expect(savedPlayerState(localStorage, true)).toMatchObject({
      current: null,
      ...DEFAULT_VOLUME,
    });
  });
});

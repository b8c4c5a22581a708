import { beforeEach, describe, expect, it } from 'vitest';
import type { Track } from '@loofi/contracts';
import { storagePersistence } from './player-persistence';
import { DEFAULT_VOLUME, MUSIC_SESSION_KEY } from './player-storage';

const track: Track = {
  title: 'Rain',
  author: 'Lo',
  audio: 'https://x.example/rain.wav',
  image: '',
};

beforeEach(() => localStorage.clear());

describe('storagePersistence', () => {
  it('keeps the volume, and gives the default one at first', () => {
    const store = storagePersistence(localStorage);
    expect(store.volume()).toEqual(DEFAULT_VOLUME);
    store.saveVolume({ volume: 0.3, muted: true });
    expect(storagePersistence(localStorage).volume()).toEqual({ volume: 0.3, muted: true });
  });

  it('gives the last track and its position, only the four fields of the track', () => {
    const store = storagePersistence(localStorage);
    expect(store.lastSession()).toBeNull();
    store.saveTrack({ ...track, key: 'k' } as Track);
    store.savePosition(track, 42);
    expect(JSON.parse(localStorage.getItem(MUSIC_SESSION_KEY)!)).toEqual(track);
    expect(storagePersistence(localStorage).lastSession()).toEqual({ track, position: 42 });
  });

  it('starts the last track over when the position saved belongs to another', () => {
    const store = storagePersistence(localStorage);
    store.savePosition({ ...track, audio: 'https://x.example/snow.wav' }, 42);
    store.saveTrack(track);
    expect(store.lastSession()).toEqual({ track, position: 0 });
  });
});

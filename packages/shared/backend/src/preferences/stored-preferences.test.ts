import { firstValueFrom } from 'rxjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import {
  createStoredPreferences,
  decodePlayback,
  decodeSwitches,
  decodeThemeSession,
  PLAYBACK_KEY,
  SWITCHES_KEY,
  THEME_SESSION_KEY,
} from './stored-preferences';

beforeEach(() => localStorage.clear());

describe('decodeThemeSession', () => {
  it('reads a stored theme', () => {
    expect(decodeThemeSession('{"type":"Forest","url":"https://x.example/forest.webp"}')).toEqual({
      type: 'Forest',
      image: 'https://x.example/forest.webp',
    });
  });

  it('keeps a crafted address from leaving CSS url("…"): quotes are encoded, line breaks dropped', () => {
    const crafted = 'https://x.example/a.svg"); } * { display: none !important; } .x { x: url("\nb';
    const theme = decodeThemeSession(JSON.stringify({ type: 'Forest', url: crafted }));
    expect(theme.type).toBe('Forest');
    expect(theme.image).not.toContain('"');
    expect(theme.image).not.toContain('\n');
    expect(theme.image).toMatch(/^https:\/\/x\.example\/a\.svg%22\)/);
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg/>', '   '])(
    'refuses the address %s',
    (url) =>
      expect(decodeThemeSession(JSON.stringify({ type: 'Forest', url }))).toEqual(
        DEFAULT_PREFERENCES.theme,
      ),
  );

  it.each([null, 'not json', '{"type":"Ocean","url":"/x.webp"}', '{"type":"River"}', '[]', '42'])(
    'falls back to Default for %s',
    (text) => expect(decodeThemeSession(text)).toEqual(DEFAULT_PREFERENCES.theme),
  );
});

describe('decodeSwitches', () => {
  it('defaults both switches to on, and keeps stored booleans', () => {
    expect(decodeSwitches(null)).toEqual({ resume: true, autoPlay: true });
    expect(decodeSwitches('{"resume":false}')).toEqual({ resume: false, autoPlay: true });
    expect(decodeSwitches('{"resume":"no","autoPlay":false}')).toEqual({
      resume: true,
      autoPlay: false,
    });
  });
});

describe('decodePlayback', () => {
  it('defaults to a gapless hand-over and normalised volume, and keeps what is valid', () => {
    expect(decodePlayback(null)).toEqual({ crossfade: 0, normalize: true });
    expect(decodePlayback('{"crossfade":6,"normalize":false}')).toEqual({
      crossfade: 6,
      normalize: false,
    });
  });

  it.each(['{"crossfade":99}', '{"crossfade":-4}', '{"crossfade":"5"}', 'not json'])(
    'keeps a crossfade of %s within 0 to 12 whole seconds',
    (text) => {
      const { crossfade } = decodePlayback(text);
      expect(Number.isInteger(crossfade) && crossfade >= 0 && crossfade <= 12).toBe(true);
    },
  );
});

describe('createStoredPreferences', () => {
  it('persists the crossfade and the normalisation, rounded and clamped', async () => {
    const store = createStoredPreferences();
    store.set({ crossfade: 12.6, normalize: false });
    expect(JSON.parse(localStorage.getItem(PLAYBACK_KEY)!)).toEqual({
      crossfade: 12,
      normalize: false,
    });
    expect(await firstValueFrom(createStoredPreferences().preferences$)).toMatchObject({
      crossfade: 12,
      normalize: false,
    });
  });

  it('persists the theme as theme-session and Default clears it', async () => {
    const store = createStoredPreferences();
    store.set({ theme: { type: 'Sunset', image: 'https://x.example/sunset.webp' } });
    expect(JSON.parse(localStorage.getItem(THEME_SESSION_KEY)!)).toEqual({
      type: 'Sunset',
      url: 'https://x.example/sunset.webp',
    });
    expect((await firstValueFrom(createStoredPreferences().preferences$)).theme.type).toBe(
      'Sunset',
    );
    store.set({ theme: DEFAULT_PREFERENCES.theme });
    expect(localStorage.getItem(THEME_SESSION_KEY)).toBeNull();
  });

  it('persists the switches', async () => {
    createStoredPreferences().set({ autoPlay: false });
    expect(JSON.parse(localStorage.getItem(SWITCHES_KEY)!)).toEqual({
      resume: true,
      autoPlay: false,
    });
    expect(await firstValueFrom(createStoredPreferences().preferences$)).toMatchObject({
      resume: true,
      autoPlay: false,
    });
  });

  it('follows a change made in another tab', async () => {
    const store = createStoredPreferences();
    localStorage.setItem(SWITCHES_KEY, '{"resume":false,"autoPlay":false}');
    window.dispatchEvent(new StorageEvent('storage', { key: SWITCHES_KEY }));
    expect(await firstValueFrom(store.preferences$)).toMatchObject({
      resume: false,
      autoPlay: false,
    });
  });
});

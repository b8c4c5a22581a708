import { firstValueFrom } from 'rxjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import {
  createStoredPreferences,
  decodeFocusPreferences,
  decodePlayback,
  decodeSwitches,
  decodeThemeSession,
  FOCUS_PREFERENCES_KEY,
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

describe('decodeFocusPreferences', () => {
  it('defaults to lowering the music in breaks, with the chime, and keeps what is valid', () => {
    expect(decodeFocusPreferences(null)).toEqual({ duringBreaks: 'lower', focusChime: true });
    expect(decodeFocusPreferences('{"duringBreaks":"pause","focusChime":false}')).toEqual({
      duringBreaks: 'pause',
      focusChime: false,
    });
    expect(decodeFocusPreferences('{"duringBreaks":"keep"}')).toEqual({
      duringBreaks: 'keep',
      focusChime: true,
    });
  });

  it.each([
    '{"duringBreaks":"mute","focusChime":"yes"}',
    '{"duringBreaks":["pause"],"focusChime":1}',
    '{"duringBreaks":"Lower"}',
    '"pause"',
    'not json',
    '[]',
  ])('reads %s as the defaults', (text) =>
    expect(decodeFocusPreferences(text)).toEqual({ duringBreaks: 'lower', focusChime: true }),
  );
});

describe('createStoredPreferences', () => {
  it('persists what breaks do to the music and the chime, refusing an unknown choice', async () => {
    const store = createStoredPreferences();
    expect(await firstValueFrom(store.preferences$)).toMatchObject({
      duringBreaks: 'lower',
      focusChime: true,
    });
    store.set({ duringBreaks: 'pause', focusChime: false });
    expect(JSON.parse(localStorage.getItem(FOCUS_PREFERENCES_KEY)!)).toEqual({
      duringBreaks: 'pause',
      focusChime: false,
    });
    expect(await firstValueFrom(createStoredPreferences().preferences$)).toMatchObject({
      duringBreaks: 'pause',
      focusChime: false,
    });
    // A value no release offers (a newer one's, a hand edit) is the default, not kept as is.
    store.set({ duringBreaks: 'mute' as never });
    expect(await firstValueFrom(store.preferences$)).toMatchObject({ duringBreaks: 'lower' });
  });

  it('follows a focus preference changed in another tab', async () => {
    const store = createStoredPreferences();
    localStorage.setItem(FOCUS_PREFERENCES_KEY, '{"duringBreaks":"keep","focusChime":false}');
    window.dispatchEvent(new StorageEvent('storage', { key: FOCUS_PREFERENCES_KEY }));
    expect(await firstValueFrom(store.preferences$)).toMatchObject({
      duringBreaks: 'keep',
      focusChime: false,
    });
  });

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

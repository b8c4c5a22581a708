import { firstValueFrom, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createMemoryAmbienceSettings } from '@loofi/backend/testing';
import { DEFAULT_AMBIENCE, PRESETS, SILENT_LEVELS } from './ambience-mix';
import type { AmbienceSettings } from './ambience-mix';
import type { AmbienceAudioContext } from './ambience-engine';
import { AMBIENCE_STORAGE_KEY, localAmbienceStore } from './ambience-store';
import { followedAmbienceStore } from './followed-ambience-store';
import { mixInUse, startAmbience } from './start-ambience';

/** Storage in memory, as the browser's would keep it. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

/** A context that makes nodes doing nothing: these tests follow the settings, not the sound. */
function silentContext(): AmbienceAudioContext {
  const param = () => ({
    value: 1,
    setTargetAtTime: () => undefined,
    setValueAtTime: () => undefined,
    linearRampToValueAtTime: () => undefined,
    cancelScheduledValues: () => undefined,
  });
  const node = () => ({
    gain: param(),
    connect: (next: unknown) => next,
    disconnect: () => undefined,
    start: () => undefined,
    stop: () => undefined,
  });
  return {
    currentTime: 0,
    sampleRate: 8000,
    destination: node(),
    createGain: node,
    createBufferSource: node,
    createBuffer: () => ({ copyToChannel: () => undefined }),
  } as unknown as AmbienceAudioContext;
}

function setUp(kept?: AmbienceSettings) {
  const storage = memoryStorage(kept ? { [AMBIENCE_STORAGE_KEY]: JSON.stringify(kept) } : {});
  const sleepFades$ = new Subject<number>();
  const sleepStops$ = new Subject<void>();
  const ambience = startAmbience({
    store: localAmbienceStore(storage, null),
    sleepFades$,
    sleepStops$,
    context: silentContext,
    render: () => Promise.resolve([new Float32Array(8)]),
  });
  const settings = () => firstValueFrom(ambience.settings$);
  const playing = () => firstValueFrom(ambience.playing$);
  const stored = () =>
    JSON.parse(storage.getItem(AMBIENCE_STORAGE_KEY) ?? 'null') as AmbienceSettings | null;
  return { ambience, settings, playing, stored, sleepFades$, sleepStops$ };
}

const rainy = PRESETS.find((preset) => preset.name === 'Rainy café')!;

describe('startAmbience', () => {
  it('starts with every layer at 0, the Ambience volume full, and lowers with breaks', async () => {
    const { settings, playing } = setUp();
    expect(await settings()).toEqual(DEFAULT_AMBIENCE);
    expect(await playing()).toBe(false);
  });

  it('restores the kept mix without sound, until Play', async () => {
    const kept: AmbienceSettings = {
      mix: { levels: { ...SILENT_LEVELS, fireplace: 70 }, master: 60 },
      saved: [{ name: 'Study', levels: { ...SILENT_LEVELS, rain: 30 } }],
      lowerWithBreaks: false,
    };
    const { ambience, settings, playing } = setUp(kept);
    expect(await settings()).toEqual(kept);
    expect(await playing()).toBe(false);
    ambience.play();
    expect(await playing()).toBe(true);
  });

  it('plays when a slider is touched, and keeps what it says', async () => {
    const { ambience, playing, stored } = setUp();
    ambience.setLevel('rain', 42.4);
    expect(await playing()).toBe(true);
    expect(stored()?.mix.levels.rain).toBe(42);
    ambience.setMaster(130);
    expect(stored()?.mix.master).toBe(100);
  });

  it('sets the sliders to a preset, which is then the mix in use', async () => {
    const { ambience, settings, playing } = setUp();
    ambience.useMix(rainy.levels);
    expect((await settings()).mix.levels).toEqual(rainy.levels);
    expect(mixInUse(await settings())).toBe('Rainy café');
    expect(await playing()).toBe(true);
  });

  it('saves, renames and deletes mixes under names that are not taken', async () => {
    const { ambience, settings, stored } = setUp();
    ambience.setLevel('wind', 30);
    expect(ambience.saveMix('  ')).toBe('empty');
    expect(ambience.saveMix('Fireside')).toBe('taken');
    expect(ambience.saveMix(' Windy ')).toBeNull();
    expect(stored()?.saved).toEqual([{ name: 'Windy', levels: { ...SILENT_LEVELS, wind: 30 } }]);

    ambience.setLevel('rain', 10);
    expect(ambience.saveMix('Wet')).toBeNull();
    expect(ambience.renameMix('Wet', 'Windy')).toBe('taken');
    expect(ambience.renameMix('Wet', 'Drizzle')).toBeNull();
    expect((await settings()).saved.map((mix) => mix.name)).toEqual(['Windy', 'Drizzle']);
    // Saving under a saved mix's name replaces its layers.
    ambience.setLevel('rain', 0);
    expect(ambience.saveMix('Drizzle')).toBeNull();
    expect((await settings()).saved[1]?.levels.rain).toBe(0);

    ambience.deleteMix('Windy');
    expect(stored()?.saved.map((mix) => mix.name)).toEqual(['Drizzle']);
  });

  it('refuses a new name once 24 mixes are saved, and still replaces a saved one', async () => {
    const { ambience, settings } = setUp();
    for (let at = 1; at <= 24; at++) expect(ambience.saveMix(`Mix ${at}`)).toBeNull();
    expect(ambience.saveMix('Mix 25')).toBe('full');
    ambience.setLevel('rain', 20);
    expect(ambience.saveMix('Mix 3')).toBeNull();
    const { saved } = await settings();
    expect(saved).toHaveLength(24);
    expect(saved[2]?.levels.rain).toBe(20);
    ambience.deleteMix('Mix 1');
    expect(ambience.saveMix('Mix 25')).toBeNull();
  });

  it("restores a mix from the owner's document that arrives late without sound", async () => {
    const owners = createMemoryAmbienceSettings();
    const storage = memoryStorage();
    const ambience = startAmbience({
      store: followedAmbienceStore(localAmbienceStore(storage, null), owners.device(), {
        storage,
        page: null,
      }),
      sleepFades$: new Subject<number>(),
      context: silentContext,
      render: () => Promise.resolve([new Float32Array(8)]),
    });
    expect(await firstValueFrom(ambience.settings$)).toEqual(DEFAULT_AMBIENCE);
    owners.put({
      ...structuredClone(DEFAULT_AMBIENCE),
      mix: { levels: rainy.levels, master: 80 },
      at: Date.now(),
    });
    expect((await firstValueFrom(ambience.settings$)).mix.levels).toEqual(rainy.levels);
    expect(await firstValueFrom(ambience.playing$)).toBe(false);
    // Played, it goes on playing what the next document says.
    ambience.play();
    const windy = { ...SILENT_LEVELS, wind: 30 };
    owners.put({
      ...structuredClone(DEFAULT_AMBIENCE),
      mix: { levels: windy, master: 80 },
      at: Date.now() + 1,
    });
    expect((await firstValueFrom(ambience.settings$)).mix.levels).toEqual(windy);
    expect(await firstValueFrom(ambience.playing$)).toBe(true);
    ambience.dispose();
  });

  it('pauses at the end of the sleep timer’s fade', async () => {
    const { ambience, playing, sleepFades$ } = setUp();
    ambience.setLevel('brown', 50);
    await new Promise((resolve) => setTimeout(resolve, 0));
    sleepFades$.next(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await playing()).toBe(false);
  });

  it('pauses when the sleep timer’s End of track pauses the music', async () => {
    const { ambience, playing, sleepStops$ } = setUp();
    ambience.setLevel('rain', 50);
    sleepStops$.next();
    expect(await playing()).toBe(false);
  });

  it('reads what does not parse as the defaults', async () => {
    const storage = memoryStorage({ [AMBIENCE_STORAGE_KEY]: '{"mix":{"levels":{"rain":"x"}}' });
    const store = localAmbienceStore(storage, null);
    expect(await firstValueFrom(store.settings$)).toEqual(DEFAULT_AMBIENCE);
  });
});

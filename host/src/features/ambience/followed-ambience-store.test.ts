import { firstValueFrom, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryAmbienceSettings } from '@loofi/backend/testing';
import type { MemoryAmbienceSettings } from '@loofi/backend/testing';
import type { AmbienceSettingsRecord } from '@loofi/backend';
import { DEFAULT_AMBIENCE, SILENT_LEVELS } from './ambience-mix';
import type { AmbienceSettings } from './ambience-mix';
import { AMBIENCE_STORAGE_KEY, localAmbienceStore } from './ambience-store';
import { AMBIENCE_AT_KEY, followedAmbienceStore, SEND_AFTER_MS } from './followed-ambience-store';

const T0 = Date.UTC(2026, 10, 27, 9);

const study: AmbienceSettings = {
  mix: { levels: { ...SILENT_LEVELS, rain: 40, vinyl: 10 }, master: 70 },
  saved: [{ name: 'Study', levels: { ...SILENT_LEVELS, rain: 40, vinyl: 10 } }],
  lowerWithBreaks: false,
};
const fireside: AmbienceSettings = {
  mix: { levels: { ...SILENT_LEVELS, fireplace: 60 }, master: 90 },
  saved: [{ name: 'Evening', levels: { ...SILENT_LEVELS, fireplace: 60 } }],
  lowerWithBreaks: true,
};

/** One browser of the owner: its storage (the copy and its time), and the page it runs in. */
function browser(copy?: { settings: AmbienceSettings; at?: number }) {
  const items = new Map<string, string>();
  if (copy) items.set(AMBIENCE_STORAGE_KEY, JSON.stringify(copy.settings));
  if (copy?.at !== undefined) items.set(AMBIENCE_AT_KEY, String(copy.at));
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  const page = new EventTarget();
  return { storage, page, local: localAmbienceStore(storage, null) };
}

/** `here`'s copy following the owner's settings in `owners`. */
function follow(owners: MemoryAmbienceSettings, here = browser()) {
  const device = owners.device();
  const store = followedAmbienceStore(here.local, device, {
    storage: here.storage,
    page: here.page,
    now: () => Date.now(),
  });
  const shown = () => firstValueFrom(store.settings$);
  const keptAt = () => Number(here.storage.getItem(AMBIENCE_AT_KEY));
  return { store, device, shown, keptAt, ...here };
}

const record = (settings: AmbienceSettings, at: number): AmbienceSettingsRecord => ({
  ...structuredClone(settings),
  at,
});

beforeEach(() => vi.useFakeTimers({ now: T0 }));
afterEach(() => vi.useRealTimers());

describe('followedAmbienceStore', () => {
  it("shows this browser's copy at once, before the owner's document arrives", async () => {
    const arrives = new Subject<AmbienceSettingsRecord | null>();
    const save = vi.fn(async () => undefined);
    const here = browser({ settings: study, at: T0 - 60_000 });
    const store = followedAmbienceStore(here.local, { settings$: arrives, save }, here);
    expect(await firstValueFrom(store.settings$)).toEqual(study);

    arrives.next(record(fireside, T0 - 1_000));
    expect(await firstValueFrom(store.settings$)).toEqual(fireside);
    expect(save).not.toHaveBeenCalled();
  });

  it("takes the owner's document when it is newer, and notes its time", async () => {
    const owners = createMemoryAmbienceSettings();
    owners.put(record(fireside, T0 - 1_000));
    const { shown, keptAt, storage } = follow(
      owners,
      browser({ settings: study, at: T0 - 60_000 }),
    );
    expect(await shown()).toEqual(fireside);
    expect(keptAt()).toBe(T0 - 1_000);
    expect(JSON.parse(storage.getItem(AMBIENCE_STORAGE_KEY)!)).toEqual(fireside);
  });

  it("keeps this browser's copy when it is newer, and sends it", async () => {
    const owners = createMemoryAmbienceSettings();
    owners.put(record(fireside, T0 - 60_000));
    const { shown } = follow(owners, browser({ settings: study, at: T0 - 1_000 }));
    expect(await shown()).toEqual(study);
    expect(owners.stored).toEqual(record(study, T0 - 1_000));
  });

  it('starts the document from what the owner set here, and from nothing untouched', () => {
    const empty = createMemoryAmbienceSettings();
    follow(empty);
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(empty.stored).toBeNull();

    const owners = createMemoryAmbienceSettings();
    // A copy from before the owner's document followed them: it has no time yet.
    const { keptAt } = follow(owners, browser({ settings: study }));
    expect(owners.stored).toEqual(record(study, Date.now()));
    expect(keptAt()).toBe(Date.now());
  });

  it('sends a change once the mixer has been still for a second, stamped with its time', async () => {
    const owners = createMemoryAmbienceSettings();
    const { store, keptAt } = follow(owners);
    for (let level = 10; level <= 50; level += 10) {
      store.save({
        ...DEFAULT_AMBIENCE,
        mix: { ...DEFAULT_AMBIENCE.mix, levels: { ...SILENT_LEVELS, rain: level } },
      });
      vi.advanceTimersByTime(200);
    }
    expect(owners.stored).toBeNull();
    const changedAt = keptAt();
    expect(changedAt).toBe(T0 + 800);
    vi.advanceTimersByTime(SEND_AFTER_MS - 200 - 1);
    expect(owners.stored).toBeNull();
    vi.advanceTimersByTime(1);
    expect(owners.stored?.mix.levels.rain).toBe(50);
    expect(owners.stored?.at).toBe(changedAt);
  });

  it('sends a waiting change at once when the page is left, and only then', () => {
    const owners = createMemoryAmbienceSettings();
    const { store, device, page } = follow(owners);
    const save = vi.spyOn(device, 'save');
    store.save(study);
    page.dispatchEvent(new Event('pagehide'));
    expect(owners.stored).toEqual(record(study, T0));
    vi.advanceTimersByTime(SEND_AFTER_MS);
    page.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('gives way to a newer change from another device that arrives while one waits', async () => {
    const owners = createMemoryAmbienceSettings();
    const laptop = follow(owners);
    const phone = follow(owners);
    const laptopSaves = vi.spyOn(laptop.device, 'save');
    laptop.store.save(study);
    vi.advanceTimersByTime(300);
    phone.store.save(fireside);
    phone.page.dispatchEvent(new Event('pagehide'));
    expect(await laptop.shown()).toEqual(fireside);
    expect(laptop.keptAt()).toBe(T0 + 300);
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(laptopSaves).not.toHaveBeenCalled();
    expect(owners.stored).toEqual(record(fireside, T0 + 300));
  });

  it("stamps a change after a clock that runs ahead's document as newer still", async () => {
    const owners = createMemoryAmbienceSettings();
    const ahead = T0 + 3_600_000;
    owners.put(record(fireside, ahead));
    const { store, shown } = follow(owners);
    expect(await shown()).toEqual(fireside);
    store.save(study);
    vi.advanceTimersByTime(SEND_AFTER_MS);
    expect(owners.stored).toEqual(record(study, ahead + 1));
  });

  it('ignores a document that does not read as settings', async () => {
    const owners = createMemoryAmbienceSettings();
    const { shown } = follow(owners, browser({ settings: study, at: T0 - 1_000 }));
    owners.put({ mix: 'loud', saved: null, lowerWithBreaks: 'yes', at: T0 + 1_000 });
    owners.put({ ...record(fireside, T0 + 2_000), mix: { levels: { rain: 'x' }, master: 50 } });
    expect(await shown()).toEqual(study);
  });

  it('sends at most 24 saved mixes, and none under a name the backend cannot keep', async () => {
    const owners = createMemoryAmbienceSettings();
    const many: AmbienceSettings = {
      ...study,
      saved: [
        { name: 'n'.repeat(61), levels: SILENT_LEVELS },
        ...Array.from({ length: 30 }, (_, at) => ({ name: `Mix ${at}`, levels: SILENT_LEVELS })),
      ],
    };
    const { shown } = follow(owners, browser({ settings: many, at: T0 }));
    expect(owners.stored?.saved.map((mix) => mix.name)).toEqual(
      Array.from({ length: 24 }, (_, at) => `Mix ${at}`),
    );
    // This browser keeps them all.
    expect(await shown()).toEqual(many);
  });
});

import { MAX_MIX_NAME, MAX_SAVED_MIXES } from '@loofi/backend';
import type { AmbienceSettingsRecord, AmbienceSettingsStore } from '@loofi/backend';
import { DEFAULT_AMBIENCE, isUntouched, readKeptSettings } from './ambience-mix';
import type { AmbienceSettings } from './ambience-mix';
import type { AmbienceStore } from './ambience-store';

/** When this browser's copy of the settings was last changed, here or by taking the owner's. */
export const AMBIENCE_AT_KEY = 'ambience-at';
/** A change reaches the owner's document once the mixer has been still this long. */
export const SEND_AFTER_MS = 1_000;

type KeptIn = Pick<Storage, 'getItem' | 'setItem'>;

export interface FollowedAmbienceOptions {
  /** Where the time of this browser's copy is kept (beside the copy itself). */
  storage?: KeptIn;
  /** Whose `pagehide` sends a change still waiting. */
  page?: Pick<EventTarget, 'addEventListener'> | null;
  now?: () => number;
}

const keepable = (name: string) =>
  [...name].length <= MAX_MIX_NAME && !/[\n\r\u2028\u2029]/.test(name);

/** The settings as the owner's document keeps them: names and a count the backend takes. */
function keptRecord(settings: AmbienceSettings, at: number): AmbienceSettingsRecord {
  return {
    mix: { levels: { ...settings.mix.levels }, master: settings.mix.master },
    saved: settings.saved
      .filter((mix) => keepable(mix.name))
      .slice(0, MAX_SAVED_MIXES)
      .map((mix) => ({ name: mix.name, levels: { ...mix.levels } })),
    lowerWithBreaks: settings.lowerWithBreaks,
    at,
  };
}

/**
 * The ambience's settings following the owner (Firebase): this browser's copy (`local`) is
 * what the panel reads, at once and with no wait on the network; the owner's document
 * (`owners`) replaces it when it arrives if it is newer. Newer is by the time of the change,
 * kept with each (`at` in the document, `ambience-at` here): a change made here is stamped
 * with this device's clock, never earlier than the copy it changes, and sent once the mixer
 * has been still for a second, or when the page is left. A document that does not read as
 * settings is ignored.
 */
export function followedAmbienceStore(
  local: AmbienceStore,
  owners: AmbienceSettingsStore,
  { storage = localStorage, page = window, now = Date.now }: FollowedAmbienceOptions = {},
): AmbienceStore {
  const keptAt = () => {
    try {
      const at = Number(storage.getItem(AMBIENCE_AT_KEY));
      return Number.isFinite(at) ? at : 0;
    } catch {
      return 0;
    }
  };
  const note = (at: number) => {
    try {
      storage.setItem(AMBIENCE_AT_KEY, String(at));
    } catch {
      // Denied storage: the copy is this visit's only, and any document is newer.
    }
  };

  let current: AmbienceSettings = DEFAULT_AMBIENCE;
  // Replays the copy at once, and follows the browser's other tabs.
  local.settings$.subscribe((settings) => {
    current = settings;
  });

  let waiting: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
  };
  const send = () => {
    cancel();
    let at = keptAt();
    if (at === 0) note((at = now()));
    owners.save(keptRecord(current, at)).catch(() => undefined);
  };

  owners.settings$.subscribe((kept) => {
    const at = keptAt();
    if (kept === null) {
      // Nothing kept yet: what the owner set in this browser starts the document.
      if (waiting === null && !isUntouched(current)) send();
      return;
    }
    if (typeof kept.at !== 'number') return;
    if (kept.at > at) {
      const settings = readKeptSettings(kept);
      if (settings === null) return;
      cancel();
      note(kept.at);
      local.save(settings);
    } else if (kept.at < at && waiting === null) {
      // Changed here since (offline, or before this device heard the document).
      send();
    }
  });

  page?.addEventListener('pagehide', () => {
    if (waiting !== null) send();
  });

  return {
    settings$: local.settings$,
    save(settings) {
      note(Math.max(now(), keptAt() + 1));
      local.save(settings);
      cancel();
      waiting = setTimeout(send, SEND_AFTER_MS);
    },
  };
}

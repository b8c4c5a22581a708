/** The six layers, in the panel's order. */
export const LAYERS = [
  { id: 'rain', name: 'Rain' },
  { id: 'cafe', name: 'Café' },
  { id: 'fireplace', name: 'Fireplace' },
  { id: 'wind', name: 'Wind' },
  { id: 'vinyl', name: 'Vinyl crackle' },
  { id: 'brown', name: 'Brown noise' },
] as const;

export type LayerId = (typeof LAYERS)[number]['id'];

/** Each layer's slider, 0–100 (0: silent). */
export type LayerLevels = Record<LayerId, number>;

/** What the panel's sliders say: the layers and the Ambience volume (master), each 0–100. */
export interface AmbienceMix {
  levels: LayerLevels;
  master: number;
}

/** A mix the owner saved under a name (the layers only: the volume stays the owner's). */
export interface SavedMix {
  name: string;
  levels: LayerLevels;
}

/** Everything the ambience keeps: the mix, the saved mixes, and "Lower with breaks". */
export interface AmbienceSettings {
  mix: AmbienceMix;
  saved: SavedMix[];
  lowerWithBreaks: boolean;
}

export const SILENT_LEVELS: LayerLevels = {
  rain: 0,
  cafe: 0,
  fireplace: 0,
  wind: 0,
  vinyl: 0,
  brown: 0,
};

/** The Ambience volume's default: full, as the music's is; the owner turns it down. */
export const DEFAULT_MASTER = 100;

export const DEFAULT_AMBIENCE: AmbienceSettings = {
  mix: { levels: SILENT_LEVELS, master: DEFAULT_MASTER },
  saved: [],
  lowerWithBreaks: true,
};

export const PRESETS: readonly SavedMix[] = [
  { name: 'Rainy café', levels: { ...SILENT_LEVELS, rain: 55, cafe: 45, vinyl: 15 } },
  { name: 'Fireside', levels: { ...SILENT_LEVELS, fireplace: 60, wind: 25, rain: 10 } },
  { name: 'Night train', levels: { ...SILENT_LEVELS, brown: 55, wind: 30, vinyl: 20 } },
];

/**
 * Every layer is made at −24 LUFS: a slider at 50 plays it as made, 10 LU under the music's
 * −14 LUFS; at 100 it is 6 dB louder, still 4 LU under the music.
 */
export const LAYER_LUFS = -24;

/** A layer slider's linear gain: 0 → silence, 25 → ½ (−6 dB), 50 → 1 (−24 LUFS), 100 → 2. */
export function layerGain(level: number): number {
  return clampLevel(level) / 50;
}

/** The Ambience volume's linear gain: 100 (the default) → 1, 50 → ¼ (−12 dB), 0 → silence. */
export function masterGain(master: number): number {
  return (clampLevel(master) / 100) ** 2;
}

export function clampLevel(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

export const isSilent = (levels: LayerLevels) =>
  LAYERS.every(({ id }) => clampLevel(levels[id]) === 0);

export const sameLevels = (a: LayerLevels, b: LayerLevels) =>
  LAYERS.every(({ id }) => clampLevel(a[id]) === clampLevel(b[id]));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeLevels(value: unknown): LayerLevels | null {
  if (!isRecord(value)) return null;
  const levels = { ...SILENT_LEVELS };
  for (const { id } of LAYERS) {
    const level = value[id];
    if (level === undefined) continue;
    if (typeof level !== 'number') return null;
    levels[id] = clampLevel(level);
  }
  return levels;
}

/** Kept settings as they were written, or the defaults for whatever does not read as one. */
export function decodeAmbienceSettings(value: unknown): AmbienceSettings {
  if (!isRecord(value)) return DEFAULT_AMBIENCE;
  const mix: Record<string, unknown> = isRecord(value.mix) ? value.mix : {};
  const levels = decodeLevels(mix.levels) ?? SILENT_LEVELS;
  const master = typeof mix.master === 'number' ? clampLevel(mix.master) : DEFAULT_MASTER;
  const saved: SavedMix[] = [];
  for (const entry of Array.isArray(value.saved) ? value.saved : []) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const name = entry.name.trim();
    const savedLevels = decodeLevels(entry.levels);
    if (name && savedLevels && !saved.some((other) => other.name === name)) {
      saved.push({ name, levels: savedLevels });
    }
  }
  const lowerWithBreaks =
    typeof value.lowerWithBreaks === 'boolean'
      ? value.lowerWithBreaks
      : DEFAULT_AMBIENCE.lowerWithBreaks;
  return { mix: { levels, master }, saved, lowerWithBreaks };
}

/**
 * Settings kept elsewhere (the owner's document), or null for what does not read as settings
 * whole: a bad document is ignored rather than taken as the defaults.
 */
export function readKeptSettings(value: unknown): AmbienceSettings | null {
  if (!isRecord(value) || !isRecord(value.mix) || decodeLevels(value.mix.levels) === null) {
    return null;
  }
  if (typeof value.mix.master !== 'number' || !Array.isArray(value.saved)) return null;
  if (typeof value.lowerWithBreaks !== 'boolean') return null;
  return decodeAmbienceSettings(value);
}

/** Whether these are the settings of an owner who never changed any. */
export const isUntouched = ({ mix, saved, lowerWithBreaks }: AmbienceSettings) =>
  isSilent(mix.levels) &&
  clampLevel(mix.master) === DEFAULT_MASTER &&
  saved.length === 0 &&
  lowerWithBreaks === DEFAULT_AMBIENCE.lowerWithBreaks;

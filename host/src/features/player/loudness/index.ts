export { integratedLoudness } from './bs1770';
export { gainToTarget, MAX_GAIN_DB, MIN_GAIN_DB, TARGET_LUFS } from './gain-to-target';
export type { LoudnessOptions } from './bs1770';
export { createLoudnessStore, LOUDNESS_STORAGE_KEY, MAX_LOUDNESS_ENTRIES } from './loudness-store';
export type { LoudnessStorage, LoudnessStore, LoudnessStoreOptions } from './loudness-store';
export { createLoudnessMeter, MAX_AUDIO_BYTES, STALL_TIMEOUT_MS } from './measure-loudness';
export type {
  AudioDecoder,
  DecodedAudio,
  FetchAudio,
  LoudnessMeter,
  LoudnessMeterOptions,
  LoudnessRequestOptions,
  LoudnessWorkerPort,
} from './measure-loudness';
export type { LoudnessAnswer, LoudnessRequest } from './loudness.worker';

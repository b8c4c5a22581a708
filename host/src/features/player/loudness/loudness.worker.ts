// The loudness worker: measures a decoded track off the main thread, where a long track's
// few hundred milliseconds of filtering would otherwise stall the page's animations.
// Started by measure-loudness.ts; Rspack bundles it as its own chunk ('loudness').
import { integratedLoudness } from './bs1770';

/** One decoded track to measure; the channels' buffers are transferred, not copied. */
export interface LoudnessRequest {
  id: number;
  channels: Float32Array[];
  sampleRate: number;
}

/** The integrated loudness of the request `id` (`null`: nothing to measure), or why not. */
export type LoudnessAnswer = { id: number; lufs: number | null } | { id: number; error: string };

/**
 * Answers one request. A file of one channel plays from both speakers, so it is measured
 * as dual mono: as loud as the same samples in both channels of a stereo file.
 */
export function answerLoudnessRequest({
  id,
  channels,
  sampleRate,
}: LoudnessRequest): LoudnessAnswer {
  try {
    return { id, lufs: integratedLoudness(channels, sampleRate, { dualMono: true }) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The part of the worker's global scope used here (the DOM typings describe a window). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<LoudnessRequest>) => void): void;
  postMessage(answer: LoudnessAnswer): void;
}
const scope = self as unknown as WorkerScope;

scope.addEventListener('message', (event) => scope.postMessage(answerLoudnessRequest(event.data)));

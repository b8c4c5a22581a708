import type { Track } from '@loofi/contracts';

/** Why a track could not be kept: each reason has its words for the owner. */
export type KeepFailure =
  | { reason: 'offline' }
  /** The site's security policy does not let the page download from the track's host. */
  | { reason: 'not-allowed' }
  /** The host answered but does not let other sites read the file (no CORS headers). */
  | { reason: 'refused' }
  | { reason: 'unreachable' }
  | { reason: 'status'; status: number }
  | { reason: 'no-space' }
  | { reason: 'storage' };

export function keepFailureMessage(track: Track, failure: KeepFailure): string {
  const cannot = `“${track.title}” cannot be kept offline`;
  switch (failure.reason) {
    case 'offline':
      return `${cannot} while you are offline.`;
    case 'not-allowed':
      return `${cannot}: this site may not download from its host.`;
    case 'refused':
      return `${cannot}: its host does not allow it.`;
    case 'unreachable':
      return `${cannot}: its host could not be reached.`;
    case 'status':
      return `${cannot}: its host answered with an error (${failure.status}).`;
    case 'no-space':
      return `${cannot}: there is not enough storage space on this device.`;
    case 'storage':
      return `${cannot}: this browser could not store it.`;
  }
}

/** A failed keep: its message is for the owner, its failure for the code. */
export class KeepError extends Error {
  constructor(
    track: Track,
    readonly failure: KeepFailure,
  ) {
    super(keepFailureMessage(track, failure));
    this.name = 'KeepError';
  }
}

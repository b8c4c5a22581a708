/** SPEC §8: what the dialog says after any failed save, delete, scrape or fetch. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/**
 * A failure the owner can be told more of: the dialog says SPEC §8's message, then `detail`
 * (what happened: the page was not found, …).
 */
export class ExplainedError extends Error {
  override name = 'ExplainedError';
  constructor(
    message: string,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** SPEC §5 and §8: a manual track whose title and author match one already in the library. */
export { DUPLICATE_TRACK_MESSAGE as DUPLICATE_TRACK } from '@loofi/contracts';

/** 'a', 'a and b', 'a, b and c': the parts of a summary such as an import's. */
export function listOf(parts: readonly string[]): string {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/** Counts a noun: `plural(1, 'track')` is '1 track', `plural(2, 'entry', 'entries')` '2 entries'. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

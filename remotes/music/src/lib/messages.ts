/** SPEC §8: what the dialog says after any failed save, delete, scrape or fetch. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** SPEC §5 and §8: a manual track whose title and author match one already in the library. */
export { DUPLICATE_TRACK_MESSAGE as DUPLICATE_TRACK } from '@loofi/contracts';

/** Counts a noun: `plural(1, 'track')` is '1 track', `plural(2, 'entry', 'entries')` '2 entries'. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/**
 * Internal failures are thrown with SPEC §8's wording and logged for the developer; the
 * owner sees only the generic message.
 */
export function logFailure(error: unknown): void {
  console.error(error);
}

/** SPEC §8: what the dialog says after any failed save, delete, scrape or fetch. */
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** SPEC §5 and §8: a manual track whose title and author match one already in the library. */
export { DUPLICATE_TRACK_MESSAGE as DUPLICATE_TRACK } from '@loofi/contracts';

/** Counts a noun: `plural(1, 'track')` is '1 track', `plural(2, 'entry', 'entries')` '2 entries'. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

import type { Track } from '@loofi/contracts';
import { isPlayableMediaUrl, textTooLong, TRACK_LIMITS } from '@loofi/contracts';

export type TrackField = keyof Track;
export type FieldErrors = Partial<Record<TrackField, string>>;

export const EMPTY_FIELDS: Track = { title: '', author: '', audio: '', image: '' };

const ADDRESS_RULE = 'Enter an https address or a path on this site.';
/** A plain http address elsewhere than loopback: the site's security policy would block it. */
export const HTTP_RULE =
  "This site's security policy blocks plain http addresses: enter the https address, or a path on this site.";

const isPlainHttp = (address: string) => /^http:\/\//i.test(address);
const addressRule = (address: string) => (isPlainHttp(address) ? HTTP_RULE : ADDRESS_RULE);
/** Said before the rule above: a long enough address fails it only for its length. */
const tooLong = (address: string) =>
  `This address is too long (${address.length} characters): keep it within ${TRACK_LIMITS.url}.`;

/**
 * What is wrong with each field, in the owner's words; the same rules the library applies
 * (track-validation), checked before writing so the owner learns which field to fix.
 */
export function fieldErrors(fields: Track): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['title', 'author'] as const) {
    const text = fields[field].trim();
    if (!text) errors[field] = `Enter the ${field}.`;
    else if (textTooLong(text)) {
      errors[field] = `Keep the ${field} within ${TRACK_LIMITS.text} characters.`;
    }
  }
  const audio = fields.audio.trim();
  if (!audio) errors.audio = 'Enter the address of the audio file.';
  else if (audio.length > TRACK_LIMITS.url) errors.audio = tooLong(audio);
  else if (!isPlayableMediaUrl(audio)) errors.audio = addressRule(audio);
  const image = fields.image.trim();
  if (image.length > TRACK_LIMITS.url) errors.image = tooLong(image);
  else if (image && !isPlayableMediaUrl(image)) errors.image = addressRule(image);
  return errors;
}

export function trimFields(fields: Track): Track {
  return {
    title: fields.title.trim(),
    author: fields.author.trim(),
    audio: fields.audio.trim(),
    image: fields.image.trim(),
  };
}

import type { Track } from '@loofi/contracts';
import { isPlayableMediaUrl, TRACK_LIMITS } from '@loofi/contracts';

export type TrackField = keyof Track;
export type FieldErrors = Partial<Record<TrackField, string>>;

export const EMPTY_FIELDS: Track = { title: '', author: '', audio: '', image: '' };

const ADDRESS_RULE = 'Enter an https address or a path on this site.';

/**
 * What is wrong with each field, in the owner's words; the same rules the library applies
 * (track-validation), checked before writing so the owner learns which field to fix.
 */
export function fieldErrors(fields: Track): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ['title', 'author'] as const) {
    const text = fields[field].trim();
    if (!text) errors[field] = `Enter the ${field}.`;
    else if (text.length > TRACK_LIMITS.text) {
      errors[field] = `Keep the ${field} within ${TRACK_LIMITS.text} characters.`;
    }
  }
  const audio = fields.audio.trim();
  if (!audio) errors.audio = 'Enter the address of the audio file.';
  else if (!isPlayableMediaUrl(audio)) errors.audio = ADDRESS_RULE;
  const image = fields.image.trim();
  if (image && !isPlayableMediaUrl(image)) errors.image = ADDRESS_RULE;
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

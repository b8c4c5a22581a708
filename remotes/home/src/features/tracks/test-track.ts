import type { Track } from '@loofi/contracts';

/** A track for Home's tests, named by `name` in all its fields; no cover. */
export const track = (name: string): Track => ({
  title: `Track ${name}`,
  author: `Author ${name}`,
  audio: `https://audio.example/${name}.mp3`,
  image: '',
});

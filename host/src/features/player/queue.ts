import { sameTrack } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';

/** An unbiased Fisher–Yates shuffle into a new array. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

/**
 * The play order after the library changed: the first load is shuffled (SPEC §4); later,
 * tracks still there keep their places (so the current one keeps playing where it is),
 * removed ones leave, and new ones are slotted in at random places.
 */
export function mergeQueue(
  previous: readonly Track[] | null,
  library: readonly Track[],
  random: () => number = Math.random,
): Track[] {
  if (previous === null) return shuffle(library, random);
  const byAudio = new Map(library.map((track) => [track.audio, track]));
  const kept = previous.flatMap((track) => {
    const current = byAudio.get(track.audio);
    return current ? [current] : [];
  });
  const keptAudio = new Set(kept.map((track) => track.audio));
  const added: Track[] = [];
  for (const track of library) {
    if (keptAudio.has(track.audio)) continue;
    added.push(track);
    keptAudio.add(track.audio);
  }
  if (added.length === 0) return kept;
  // Slotting each new track in at a random place is a uniformly random interleaving of the
  // kept order with the new tracks shuffled; drawn in one pass, not one splice per track
  // (an import of 100,000 tracks would otherwise move the queue 100,000 times).
  const slots = shuffle([...kept.map(() => true), ...added.map(() => false)], random);
  const fresh = shuffle(added, random);
  let nextKept = 0;
  let nextFresh = 0;
  return slots.map((isKept) => (isKept ? kept[nextKept++]! : fresh[nextFresh++]!));
}

/**
 * The play order once the whole library has arrived after a random sample of it (a large
 * library is sampled first, so Home has cards meanwhile): the sampled tracks still there
 * keep the head of the queue, the rest follow shuffled. A sample drawn uniformly followed by
 * the rest shuffled is as random an order as one shuffle of the whole (SPEC §4), and the
 * cards already on the screen stay where they are.
 */
export function completeQueue(
  sample: readonly Track[],
  library: readonly Track[],
  random: () => number = Math.random,
): Track[] {
  const byAudio = new Map(library.map((track) => [track.audio, track]));
  const head = sample.flatMap((track) => {
    const current = byAudio.get(track.audio);
    return current ? [current] : [];
  });
  const taken = new Set(head.map((track) => track.audio));
  const rest = library.filter((track) => {
    if (taken.has(track.audio)) return false;
    taken.add(track.audio);
    return true;
  });
  return [...head, ...shuffle(rest, random)];
}

/**
 * The track after (or before) the current one in the queue, wrapping around; never the
 * current track itself, so auto-play never repeats a track twice in a row.
 */
export function neighbour(
  queue: readonly Track[],
  current: Track | null,
  step: 1 | -1,
): Track | null {
  if (queue.length === 0) return null;
  const index = current ? queue.findIndex((track) => sameTrack(track, current)) : -1;
  if (index === -1) return step === 1 ? queue[0]! : queue[queue.length - 1]!;
  const next = queue[(index + step + queue.length) % queue.length]!;
  return sameTrack(next, current) ? null : next;
}

/**
 * The queue with `next` as the tracks after `current` (its upcoming tracks, as
 * `upcoming()` reads them), the current track keeping its place in the array, so that
 * whatever shows the queue from its start (Home's cards) sees only what moved move. With no
 * current track in the queue, `next` is the whole queue.
 */
export function withUpcoming(
  queue: readonly Track[],
  current: Track | null,
  next: readonly Track[],
): Track[] {
  const index = current ? queue.findIndex((track) => sameTrack(track, current)) : -1;
  if (index === -1) return [...next];
  const order = [queue[index]!, ...next];
  const place = Math.min(index, order.length - 1);
  const result = new Array<Track>(order.length);
  order.forEach((track, step) => {
    result[(step + place) % order.length] = track;
  });
  return result;
}

/** `track` taken out of `tracks` (by its audio), and where it was (-1: not there). */
export function without(tracks: readonly Track[], track: Track): [Track[], number] {
  const index = tracks.findIndex((each) => sameTrack(each, track));
  if (index === -1) return [[...tracks], -1];
  return [[...tracks.slice(0, index), ...tracks.slice(index + 1)], index];
}

/** `track` put at `place` of `tracks` (clamped to the list). */
export function insertAt(tracks: readonly Track[], track: Track, place: number): Track[] {
  const at = clampIndex(place, tracks.length);
  return [...tracks.slice(0, at), track, ...tracks.slice(at)];
}

const clampIndex = (place: number, length: number) =>
  Math.min(length, Math.max(0, Number.isFinite(place) ? Math.trunc(place) : length));

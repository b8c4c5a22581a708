import { trackIdentity } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';

// The queue's entries and the pure functions of an order: which entry is which, the shuffle,
// a changed library merged in, what comes next, and edits of the upcoming tracks. No state
// but a memo of each track's identity: `PlayQueue` (play-queue.ts) holds the order and
// applies these.

/**
 * What tells a queue entry from another: the library's key for a library track (two entries
 * may share an audio address), else its music (title and author, unique in a library).
 */
export function entryKey(track: Track): string {
  const key = keyOf(track);
  return key !== undefined ? `key:${key}` : `music:${identityOf(track)}`;
}

/**
 * Each track's `trackIdentity`, worked out once per object: a track is never changed in
 * place (an edit is a new object), and a queue of 10,000 is searched by it at every change
 * while its current track is no longer in the library.
 */
const identities = new WeakMap<Track, string>();

function identityOf(track: Track): string {
  let identity = identities.get(track);
  if (identity === undefined) {
    identity = trackIdentity(track);
    identities.set(track, identity);
  }
  return identity;
}

/** The library's key of an entry, when it has one. */
export function keyOf(track: Track): string | undefined {
  const { key } = track as { key?: unknown };
  return typeof key === 'string' ? key : undefined;
}

/** Whether two tracks are the same entry of the queue. */
export function sameEntry(a: Track | null, b: Track | null): boolean {
  if (a === null || b === null) return false;
  const keyA = keyOf(a);
  const keyB = keyOf(b);
  if (keyA !== undefined && keyB !== undefined) return keyA === keyB;
  return identityOf(a) === identityOf(b);
}

/**
 * Where `track` is in `tracks` (-1: not there). A command's track carries the library's
 * very title and author, so the exact match comes first: normalising the text of every
 * entry of a library of 100,000 would make a click wait.
 */
export function indexOf(tracks: readonly Track[], track: Track | null): number {
  if (!track) return -1;
  const key = keyOf(track);
  const quick =
    key !== undefined
      ? tracks.findIndex((each) => keyOf(each) === key)
      : tracks.findIndex((each) => each.title === track.title && each.author === track.author);
  return quick !== -1 ? quick : tracks.findIndex((each) => sameEntry(each, track));
}

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
  // A library list hands out the same objects for the tracks it did not change, so most
  // entries are found by identity, without building a text key for each of them (an import
  // of 100,000 tracks merges the whole library again at every list it shows). The keys
  // are worked out only for entries that are not: an edited track is a new object.
  const present = new Set(library);
  let byKey: Map<string, Track> | null = null;
  const kept: Track[] = [];
  for (const track of previous) {
    if (present.has(track)) {
      kept.push(track);
      continue;
    }
    byKey ??= new Map(library.map((each) => [entryKey(each), each]));
    const current = byKey.get(entryKey(track));
    if (current) kept.push(current);
  }
  const taken = new Set(kept);
  const added = library.filter((track) => !taken.has(track));
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
 * the rest shuffled is as random an order as one shuffle of the whole (SPEC §4).
 */
export function completeQueue(
  sample: readonly Track[],
  library: readonly Track[],
  random: () => number = Math.random,
): Track[] {
  const byKey = new Map(library.map((track) => [entryKey(track), track]));
  const head = sample.flatMap((track) => {
    const current = byKey.get(entryKey(track));
    return current ? [current] : [];
  });
  const taken = new Set(head.map(entryKey));
  const rest = library.filter((track) => {
    const key = entryKey(track);
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
  return [...head, ...shuffle(rest, random)];
}

/**
 * The tracks that play after the current one, in order: those after it in the queue, then,
 * wrapping around, those before it. With no current track (or one not in the queue), the
 * whole queue.
 */
export function upcoming(queue: readonly Track[], current: Track | null): Track[] {
  const index = indexOf(queue, current);
  if (index === -1) return [...queue];
  return [...queue.slice(index + 1), ...queue.slice(0, index)];
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
  const index = indexOf(queue, current);
  if (index === -1) return step === 1 ? queue[0]! : queue[queue.length - 1]!;
  const next = queue[(index + step + queue.length) % queue.length]!;
  return sameEntry(next, current) ? null : next;
}

/**
 * The queue with `next` as the tracks after `current`, the current track keeping its place
 * in the array, so that whatever shows the queue from its start sees only what moved move.
 * With no current track in the queue, `next` is the whole queue.
 */
export function withUpcoming(
  queue: readonly Track[],
  current: Track | null,
  next: readonly Track[],
): Track[] {
  const index = indexOf(queue, current);
  if (index === -1) return [...next];
  const order = [queue[index]!, ...next];
  const place = Math.min(index, order.length - 1);
  const result = new Array<Track>(order.length);
  order.forEach((track, step) => {
    result[(step + place) % order.length] = track;
  });
  return result;
}

/** `track` taken out of `tracks`, and where it was (-1: not there). */
export function without(tracks: readonly Track[], track: Track): [Track[], number] {
  const index = indexOf(tracks, track);
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

import { trackIdentity } from '@loofi/contracts';
import type { Track } from '@loofi/contracts';

/** Whether a track can play now (offline: only the tracks kept offline). */
export type Playable = (track: Track) => boolean;

/**
 * What tells a queue entry from another: the library's key for a library track (two entries
 * may share an audio address), else its music (title and author, unique in a library).
 */
export function entryKey(track: Track): string {
  const key = keyOf(track);
  return key !== undefined ? `key:${key}` : `music:${trackIdentity(track)}`;
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
  return trackIdentity(a) === trackIdentity(b);
}

/**
 * Where `track` is in `tracks` (-1: not there). A command's track carries the library's
 * very title and author, so the exact match comes first: normalising the text of every
 * entry of a library of 100,000 would make a click wait.
 */
function indexOf(tracks: readonly Track[], track: Track | null): number {
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
  const byKey = new Map(library.map((track) => [entryKey(track), track]));
  const kept = previous.flatMap((track) => {
    const current = byKey.get(entryKey(track));
    return current ? [current] : [];
  });
  const keptKeys = new Set(kept.map(entryKey));
  const added: Track[] = [];
  for (const track of library) {
    const key = entryKey(track);
    if (keptKeys.has(key)) continue;
    added.push(track);
    keptKeys.add(key);
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

/**
 * The play order as the owner shapes it, and nothing else (no element, timer or storage):
 * the library shuffled, the tracks queued with Play next / Add to queue ahead of the rest,
 * the ones the owner removed kept out, and, offline, the tracks that cannot play passed
 * over. Every edit takes the current track, which keeps its place.
 */
export class PlayQueue {
  private order: Track[] | null = null;
  /** The order holds only a sample of a large library, until the whole library arrives. */
  private sampled = false;
  /** How many tracks after the current one the owner queued (Play next, Add to queue). */
  private queuedAhead = 0;
  /** Entries the owner took out: a change of library does not bring them back. */
  private readonly removed = new Set<string>();
  /** The last look for a neighbour passed over tracks that cannot play now. */
  private skippedUnavailable = false;
  /** The owner was told that offline tracks are skipped, since the network went. */
  private offlineNoticeShown = false;
  /** Entries whose file is gone or not audio: passed over until picked or online again. */
  private readonly failed = new Set<string>();

  constructor(
    private readonly random: () => number = Math.random,
    private readonly playable?: Playable,
  ) {}

  get tracks(): readonly Track[] {
    return this.order ?? [];
  }

  /** A first sample of a large library; ignored once there is an order. Whether it was taken. */
  fromSample(sample: readonly Track[]): boolean {
    if (this.order !== null) return false;
    this.order = this.notRemoved(sample);
    this.sampled = true;
    return true;
  }

  /** The library as it is now: tracks that stay keep their places, new ones are slotted in. */
  fromLibrary(library: readonly Track[]) {
    const queueable = this.notRemoved(library);
    this.order =
      this.sampled && this.order
        ? completeQueue(this.order, queueable, this.random)
        : mergeQueue(this.order, queueable, this.random);
    this.sampled = false;
  }

  /** The queue's own entry for `track` (a command carries only its four fields). */
  find(track: Track | null): Track | null {
    const index = indexOf(this.tracks, track);
    return index === -1 ? null : this.tracks[index]!;
  }

  upNext(current: Track | null): Track[] {
    return upcoming(this.tracks, current);
  }

  /** Play next (`next`) or Add to queue (`last`: after the tracks queued before). */
  queueAfter(current: Track | null, track: Track, where: 'next' | 'last'): boolean {
    if (sameEntry(track, current)) return false;
    const entry = this.find(track) ?? track;
    this.removed.delete(entryKey(entry));
    this.editUpcoming(current, (next) => {
      const [rest, was] = without(next, entry);
      if (was !== -1 && was < this.queuedAhead) this.queuedAhead -= 1;
      const place = where === 'next' ? 0 : this.queuedAhead;
      this.queuedAhead += 1;
      return insertAt(rest, entry, place);
    });
    return true;
  }

  /** Takes `track` out until it is queued again. */
  remove(current: Track | null, track: Track): boolean {
    if (sameEntry(track, current)) return false;
    this.removed.add(entryKey(this.find(track) ?? track));
    this.editUpcoming(current, (next) => {
      const [rest, was] = without(next, track);
      if (was !== -1 && was < this.queuedAhead) this.queuedAhead -= 1;
      return rest;
    });
    return true;
  }

  /** Moves `track` to place `to` among the upcoming tracks. */
  move(current: Track | null, track: Track, to: number) {
    this.editUpcoming(current, (next) => {
      const [rest, was] = without(next, track);
      if (was === -1) return next;
      const result = insertAt(rest, next[was]!, to);
      const now = indexOf(result, track);
      if (was < this.queuedAhead && now >= this.queuedAhead) this.queuedAhead -= 1;
      else if (was >= this.queuedAhead && now < this.queuedAhead) this.queuedAhead += 1;
      return result;
    });
  }

  /**
   * Before `track` becomes the current one: the queued tracks follow it. Reached in order,
   * one queued track is used up; played from elsewhere (a row, Previous), the queued tracks
   * move to play right after it. Whether the order changed.
   */
  follow(current: Track | null, track: Track): boolean {
    if (this.queuedAhead === 0 || !this.order || sameEntry(track, current)) return false;
    const next = upcoming(this.order, current);
    const at = indexOf(next, track);
    if (at === -1) return false;
    if (at < this.queuedAhead) {
      this.queuedAhead -= at + 1;
      return false;
    }
    const queued = next.slice(0, this.queuedAhead);
    const rest = next.slice(this.queuedAhead);
    const after = indexOf(rest, track);
    const reordered = [...rest.slice(0, after + 1), ...queued, ...rest.slice(after + 1)];
    this.order = withUpcoming(this.order, current, reordered);
    return true;
  }

  /**
   * The track `step` away from `from` that can play now; offline, the ones that are not kept
   * are passed over (and `offlineNotice` then says so once).
   */
  neighbourOf(from: Track | null, step: 1 | -1): Track | null {
    const queue = this.tracks;
    const failed = (track: Track) => this.failed.has(entryKey(track));
    const unplayable = (track: Track) => this.playable !== undefined && !this.playable(track);
    let candidate = neighbour(queue, from, step);
    this.skippedUnavailable = false;
    for (let tried = 1; candidate && (failed(candidate) || unplayable(candidate)); tried += 1) {
      // Failed tracks are passed over without the offline notice.
      if (!failed(candidate)) this.skippedUnavailable = true;
      candidate = tried >= queue.length ? null : neighbour(queue, candidate, step);
      if (sameEntry(candidate, from)) candidate = null;
    }
    return candidate;
  }

  /** `track` failed for good: passed over on later laps. */
  markFailed(track: Track) {
    this.failed.add(entryKey(track));
  }

  /** Picked by the owner, a failed track is tried again. */
  retry(track: Track) {
    this.failed.delete(entryKey(track));
  }

  /** Whether `track` can play now. */
  canPlay(track: Track): boolean {
    return this.playable === undefined || this.playable(track);
  }

  /**
   * What to tell the owner as the queue moves on past tracks that cannot play offline (the
   * last `neighbourOf` skipped some): the notice, once until the network is back.
   */
  offlineNotice(message: string): string | null {
    if (!this.skippedUnavailable || this.offlineNoticeShown) return null;
    this.offlineNoticeShown = true;
    return message;
  }

  /** The owner has been told that offline tracks are skipped. */
  offlineNoticeGiven() {
    this.offlineNoticeShown = true;
  }

  /** The network is back: the next skip offline is told again, failed tracks get another try. */
  online() {
    this.offlineNoticeShown = false;
    this.failed.clear();
  }

  private notRemoved(tracks: readonly Track[]): Track[] {
    return this.removed.size === 0
      ? [...tracks]
      : tracks.filter((track) => !this.removed.has(entryKey(track)));
  }

  /** Changes the upcoming tracks; the current one keeps its place. */
  private editUpcoming(current: Track | null, edit: (next: Track[]) => Track[]) {
    const queue = this.tracks;
    this.order = withUpcoming(queue, current, edit(upcoming(queue, current)));
  }
}

import type { Track } from '@loofi/contracts';
import {
  completeQueue,
  entryKey,
  indexOf,
  insertAt,
  mergeQueue,
  neighbour,
  sameEntry,
  upcoming,
  withUpcoming,
  without,
} from './queue-order';

/** Whether a track can play now (offline: only the tracks kept offline). */
export type Playable = (track: Track) => boolean;

/**
 * A play order as another tab of this browser adopts it (player-ownership.ts): the entries'
 * keys in order, the entries the owner took out, and how many after the current one were
 * queued by the owner.
 */
export interface SharedOrder {
  keys: string[];
  removed: string[];
  queuedAhead: number;
}

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
  /** The last up-next list worked out, and what it was worked out from. */
  private lastUpNext: { order: readonly Track[]; current: Track | null; upNext: Track[] } | null =
    null;
  /**
   * An order adopted from another tab, kept while it waits for this tab's whole library, and
   * while it names entries this tab has not read yet (a track just added in the tab that
   * plays): they take its places when they arrive. A change of order made here ends it.
   */
  private adopted: SharedOrder | null = null;

  constructor(
    private readonly random: () => number = Math.random,
    private readonly playable?: Playable,
  ) {}

  get tracks(): readonly Track[] {
    return this.order ?? [];
  }

  /** Whether the library (or a first sample of it) has arrived: before, the order is unknown. */
  get arrived(): boolean {
    return this.order !== null;
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
    this.applyAdopted();
  }

  /** The order as another tab adopts it (`adopt`). */
  shared(): SharedOrder {
    return {
      keys: this.tracks.map(entryKey),
      removed: [...this.removed],
      queuedAhead: this.queuedAhead,
    };
  }

  /**
   * Takes over the order of the tab that plays: this tab's entries in its order, then any
   * this tab has and it has not seen yet (a track just added here). Before this tab's whole
   * library has arrived, the order waits for it.
   */
  adopt(order: SharedOrder) {
    this.removed.clear();
    for (const key of order.removed) this.removed.add(key);
    this.queuedAhead = Math.max(0, Math.trunc(order.queuedAhead) || 0);
    this.adopted = order;
    this.applyAdopted();
  }

  /** The queue's own entry for `track` (a command carries only its four fields). */
  find(track: Track | null): Track | null {
    const index = indexOf(this.tracks, track);
    return index === -1 ? null : this.tracks[index]!;
  }

  /**
   * What plays after `current`: the same list while neither the order nor the current entry
   * changed, so a view of it (Home's cards over a 100,000-track queue) is not worked out again
   * at each press of Play.
   */
  upNext(current: Track | null): Track[] {
    const last = this.lastUpNext;
    if (
      last?.order === this.tracks &&
      (last.current === current || sameEntry(last.current, current))
    ) {
      return last.upNext;
    }
    const upNext = upcoming(this.tracks, current);
    this.lastUpNext = { order: this.tracks, current, upNext };
    return upNext;
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
    this.adopted = null;
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

  private applyAdopted() {
    const { adopted, order } = this;
    if (!adopted || !order || this.sampled) return;
    const byKey = new Map(order.map((track) => [entryKey(track), track]));
    const ordered: Track[] = [];
    let unknown = false;
    for (const key of adopted.keys) {
      const track = byKey.get(key);
      if (!track) {
        unknown = true;
        continue;
      }
      ordered.push(track);
      byKey.delete(key);
    }
    for (const [key, track] of byKey) if (!this.removed.has(key)) ordered.push(track);
    this.order = ordered;
    if (!unknown) this.adopted = null;
  }

  private notRemoved(tracks: readonly Track[]): Track[] {
    return this.removed.size === 0
      ? [...tracks]
      : tracks.filter((track) => !this.removed.has(entryKey(track)));
  }

  /** Changes the upcoming tracks; the current one keeps its place. */
  private editUpcoming(current: Track | null, edit: (next: Track[]) => Track[]) {
    this.adopted = null;
    const queue = this.tracks;
    this.order = withUpcoming(queue, current, edit(upcoming(queue, current)));
  }
}

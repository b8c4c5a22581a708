import type { Track } from '@loofi/contracts';
import { readCandidate } from '../../../lib/track-candidate';
import type { SkipReason } from '../../../lib/track-candidate';
import { TreeBuilder } from './tree-builder';
import { yieldToBrowser } from '../../../lib/yield-to-browser';

/** Elements whose text is code or styling, never a title or an artist: skipped whole. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript']);
/** How much HTML is parsed between two yields to the browser (a few milliseconds' work). */
const SLICE_CHARS = 32_768;

/** Text gathered from one element (`.title`, `.artist`) until it closes. */
interface Capture {
  depth: number;
  text: string;
  open: boolean;
}

/** A `.track-item` element: the first of each field among its descendants, as it parses. */
interface Item {
  order: number;
  depth: number;
  title?: Capture;
  artist?: Capture;
  audio?: string;
  sourceAudio?: string;
  image?: string;
}

type Field = 'title' | 'artist' | 'audio' | 'sourceAudio' | 'image';
const FIELDS: readonly Field[] = ['title', 'artist', 'audio', 'sourceAudio', 'image'];

const classes = (attributes: Record<string, string>) =>
  new Set((attributes.class ?? '').split(/\s+/).filter(Boolean));

export interface ParseOptions {
  /** Cancels the parse between two slices (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Told of each item left out, and why. */
  onSkipped?(reason: SkipReason): void;
}

/**
 * SPEC §7: the tracks of a page, read from its `.track-item` elements (the first `.title`,
 * `.artist`, `audio[src]` or `audio source[src]`, and `img[src]` inside each). The page is
 * never turned into a document: htmlparser2's tokenizer reads it as text, and a tree
 * builder of our own (./tree-builder) follows only the open elements, in slices with a
 * yield to the browser between them, so no page, however large or deeply nested, blocks
 * the main thread for long, and nothing in it can load or run. Script,
 * style, template and noscript content is no part of any text. Relative addresses resolve
 * against the page's URL; anything but http(s) is dropped, and so is a track without a
 * title, an author or an audio address.
 */
export async function parseTrackPage(
  html: string,
  pageUrl: string,
  { signal, onSkipped }: ParseOptions = {},
): Promise<Track[]> {
  const items: Item[] = [];
  const finished: Item[] = [];
  const captures: Capture[] = [];
  let depth = 0;
  let skippedFrom: number | null = null;
  let audioDepth = 0;
  let order = 0;
  // The items still lacking a field are always the innermost ones (whatever fills one fills
  // every open item that lacks it), so each field keeps where they start: every item gets
  // each field once, and a page of 100,000 nested items stays linear.
  const lacking: Record<Field, number> = {
    title: 0,
    artist: 0,
    audio: 0,
    sourceAudio: 0,
    image: 0,
  };
  const fill = <F extends Field>(field: F, value: Item[F]) => {
    for (let index = lacking[field]; index < items.length; index += 1) {
      items[index]![field] = value;
    }
    lacking[field] = items.length;
  };

  /** What the tree builder below does when an element opens (its attributes read). */
  const open = (name: string, attributes: Record<string, string>) => {
    depth += 1;
    if (skippedFrom !== null) return;
    if (SKIPPED.has(name)) {
      skippedFrom = depth;
      return;
    }
    const names = classes(attributes);
    const capture = (): Capture => {
      const started = { depth, text: '', open: true };
      captures.push(started);
      return started;
    };
    // An element counts for the items it is inside, not for itself.
    if (items.length > 0) {
      if (names.has('title') && lacking.title < items.length) fill('title', capture());
      if (names.has('artist') && lacking.artist < items.length) fill('artist', capture());
      const src = attributes.src;
      if (src !== undefined) {
        if (name === 'audio') fill('audio', src);
        else if (name === 'source' && audioDepth > 0) fill('sourceAudio', src);
        else if (name === 'img') fill('image', src);
      }
    }
    if (name === 'audio') audioDepth += 1;
    if (names.has('track-item')) items.push({ order: order++, depth });
  };
  const text = (value: string) => {
    if (skippedFrom !== null) return;
    for (const capture of captures) if (capture.open) capture.text += value;
  };
  const close = (name: string) => {
    if (skippedFrom === depth) skippedFrom = null;
    else if (skippedFrom === null) {
      if (name === 'audio' && audioDepth > 0) audioDepth -= 1;
      for (const capture of captures) if (capture.depth === depth) capture.open = false;
      while (items.at(-1)?.depth === depth) finished.push(items.pop()!);
      for (const field of FIELDS) lacking[field] = Math.min(lacking[field], items.length);
      for (let index = captures.length - 1; index >= 0; index -= 1) {
        if (!captures[index]!.open) captures.splice(index, 1);
      }
    }
    depth -= 1;
  };

  const tree = new TreeBuilder({ open, text, close });
  const tokenizer = tree.tokenizer(html);
  // The tokenizer pauses every slice of the page, and the browser gets a turn each time.
  let sliceEnd = SLICE_CHARS;
  let paused = false;
  tree.onProgress = (index) => {
    if (index < sliceEnd) return;
    sliceEnd = index + SLICE_CHARS;
    paused = true;
    tokenizer.pause();
  };
  signal?.throwIfAborted();
  tokenizer.write(html);
  while (paused) {
    paused = false;
    await yieldToBrowser();
    signal?.throwIfAborted();
    tokenizer.resume();
  }
  signal?.throwIfAborted();
  tokenizer.end();
  tree.closeAll();

  return finished
    .sort((a, b) => a.order - b.order)
    .flatMap((item) => {
      const reading = readCandidate(
        {
          title: item.title?.text,
          author: item.artist?.text,
          audio: item.audio ?? item.sourceAudio,
          image: item.image,
        },
        pageUrl,
      );
      if ('track' in reading) return [reading.track];
      onSkipped?.(reading.skipped);
      return [];
    });
}

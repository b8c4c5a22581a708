let context: AudioContext | null = null;

/**
 * The page's one AudioContext, shared by the music's routed elements, the ambience and the
 * focus chime. Made on first use, mostly after a press (a browser lets a page's audio start
 * only then); a chime that comes first and cannot sound at once is dropped (focus-chime.ts).
 */
export function pageAudioContext(): AudioContext {
  context ??= new AudioContext();
  return context;
}

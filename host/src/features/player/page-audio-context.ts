let context: AudioContext | null = null;

/**
 * The page's one AudioContext, shared by the music's routed elements and the ambience. Made
 * on first use, which follows a press (a browser lets a page's audio start only then).
 */
export function pageAudioContext(): AudioContext {
  context ??= new AudioContext();
  return context;
}

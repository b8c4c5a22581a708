import type { PlayerState } from '@loofi/contracts';

/**
 * Paused music stays paused through a page's sleep: when the browser freezes the page (a tab
 * in the background, a phone's screen off) the position is saved, and when it resumes it,
 * music that was paused is paused again should anything have started it. Returns the undo.
 */
export function keepPausedThroughSleep(options: {
  page: Pick<Document, 'addEventListener' | 'removeEventListener'>;
  state: () => PlayerState;
  pause: () => void;
  savePosition: () => void;
}): () => void {
  const { page, state, pause, savePosition } = options;
  let pausedWhenFrozen = false;
  const onFreeze = () => {
    pausedWhenFrozen = !state().playing;
    savePosition();
  };
  const onResume = () => {
    if (pausedWhenFrozen && state().playing) pause();
    pausedWhenFrozen = false;
  };
  page.addEventListener('freeze', onFreeze);
  page.addEventListener('resume', onResume);
  return () => {
    page.removeEventListener('freeze', onFreeze);
    page.removeEventListener('resume', onResume);
  };
}

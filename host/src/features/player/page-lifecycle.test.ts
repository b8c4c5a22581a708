import { describe, expect, it } from 'vitest';
import type { PlayerState } from '@loofi/contracts';
import { INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { keepPausedThroughSleep } from './page-lifecycle';

function sleepingPage(playing: boolean) {
  const page = new EventTarget();
  let state: PlayerState = { ...INITIAL_PLAYER_STATE, playing };
  const calls: string[] = [];
  const stop = keepPausedThroughSleep({
    page: page as unknown as Document,
    state: () => state,
    pause: () => {
      calls.push('pause');
      state = { ...state, playing: false };
    },
    savePosition: () => calls.push('save'),
  });
  return {
    calls,
    freeze: () => page.dispatchEvent(new Event('freeze')),
    resume: () => page.dispatchEvent(new Event('resume')),
    set: (patch: Partial<PlayerState>) => (state = { ...state, ...patch }),
    stop,
  };
}

describe('keepPausedThroughSleep', () => {
  it('saves the position as the page freezes', () => {
    const page = sleepingPage(true);
    page.freeze();
    expect(page.calls).toEqual(['save']);
  });

  it('pauses again, on resume, music that was paused when the page froze', () => {
    const page = sleepingPage(false);
    page.freeze();
    page.set({ playing: true });
    page.resume();
    expect(page.calls).toEqual(['save', 'pause']);
  });

  it('leaves music that was playing when the page froze, and music started after a resume', () => {
    const playing = sleepingPage(true);
    playing.freeze();
    playing.resume();
    expect(playing.calls).toEqual(['save']);

    const paused = sleepingPage(false);
    paused.freeze();
    paused.resume();
    paused.set({ playing: true });
    paused.resume();
    expect(paused.calls).toEqual(['save']);
  });

  it('listens no more once stopped', () => {
    const page = sleepingPage(false);
    page.stop();
    page.freeze();
    expect(page.calls).toEqual([]);
  });
});

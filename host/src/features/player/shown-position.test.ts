import { describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import type { PositionState } from '@loofi/contracts';
import { shownPosition } from './shown-position';

class FakePage extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function follow(page = new FakePage()) {
  const position$ = new BehaviorSubject<PositionState>({ position: 0, duration: 150 });
  const shown: PositionState[] = [];
  const subscription = shownPosition(position$, page).subscribe((value) => shown.push(value));
  const tick = (position: number, duration = 150) => position$.next({ position, duration });
  const following = () => position$.observed;
  return { page, shown, tick, following, stop: () => subscription.unsubscribe() };
}

describe('shownPosition', () => {
  it('shows the position once a second, in whole seconds, of the four updates a second', () => {
    const { shown, tick } = follow();
    for (let quarter = 1; quarter <= 12; quarter += 1) tick(quarter / 4);
    expect(shown).toEqual([0, 1, 2, 3].map((position) => ({ position, duration: 150 })));
  });

  it('shows a seek and a new length at once', () => {
    const { shown, tick } = follow();
    tick(42.6);
    tick(42.9, 180);
    expect(shown.slice(1)).toEqual([
      { position: 42, duration: 150 },
      { position: 42, duration: 180 },
    ]);
  });

  it('shows nothing while the page is hidden, and where the music is as soon as it shows', () => {
    const { page, shown, tick, following } = follow();
    page.set('hidden');
    // Hidden, the row does not even listen to the position.
    expect(following()).toBe(false);
    for (let second = 1; second <= 120; second += 1) tick(second);
    expect(shown).toEqual([{ position: 0, duration: 150 }]);
    page.set('visible');
    expect(shown.at(-1)).toEqual({ position: 120, duration: 150 });
    expect(shown).toHaveLength(2);
  });

  it('starts hidden without a value, and shows the position when the page does', () => {
    const page = new FakePage();
    page.visibilityState = 'hidden';
    const { shown, tick, stop } = follow(page);
    tick(7.5);
    expect(shown).toEqual([]);
    page.set('visible');
    expect(shown).toEqual([{ position: 7, duration: 150 }]);
    stop();
    page.set('hidden');
    page.set('visible');
    expect(shown).toHaveLength(1);
  });
});

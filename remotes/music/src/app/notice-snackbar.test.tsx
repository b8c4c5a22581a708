import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../lib/notice';
import { NoticeSnackbar } from './notice-snackbar';

afterEach(() => vi.useRealTimers());

/** How long `notice` shows before it closes itself, to the second. */
function shownFor(notice: Notice): number {
  vi.useFakeTimers();
  const onClose = vi.fn();
  render(<NoticeSnackbar notice={{ ...notice, id: 1 }} onClose={onClose} />);
  let seconds = 0;
  while (onClose.mock.calls.length === 0 && seconds < 30) {
    act(() => void vi.advanceTimersByTime(1000));
    seconds += 1;
  }
  return seconds;
}

describe('the Music tab’s notices', () => {
  it('hide an error after 5 s (SPEC §9), and leave the others 6 s, time for an Undo', () => {
    expect(shownFor({ severity: 'error', message: 'The file could not be read.' })).toBe(5);
    expect(shownFor({ severity: 'success', message: 'Deleted “Rain”.' })).toBe(6);
  });
});

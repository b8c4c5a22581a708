import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Greeting } from './greeting';
import { msUntilNextCheck } from './use-local-hour';

const at = (hours: number, minutes: number, seconds = 0) =>
  new Date(2025, 5, 14, hours, minutes, seconds);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Greeting', () => {
  it.each([
    ['11:59', 'Good Morning'],
    ['12:00', 'Good Afternoon'],
    ['17:59', 'Good Afternoon'],
    ['18:00', 'Good Evening'],
  ])('at %s says %s', (time, greeting) => {
    const [hours, minutes] = time.split(':').map(Number);
    vi.setSystemTime(at(hours!, minutes!));
    render(<Greeting />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(greeting);
  });

  it('changes as the clock crosses noon and 18:00, without being mounted again', () => {
    vi.setSystemTime(at(11, 59, 30));
    render(<Greeting />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Good Morning');

    act(() => void vi.advanceTimersByTime(29_999));
    expect(heading).toHaveTextContent('Good Morning');
    act(() => void vi.advanceTimersByTime(1));
    expect(heading).toHaveTextContent('Good Afternoon');

    act(() => void vi.advanceTimersByTime(6 * 60 * 60 * 1000 - 1));
    expect(heading).toHaveTextContent('Good Afternoon');
    act(() => void vi.advanceTimersByTime(1));
    expect(heading).toHaveTextContent('Good Evening');
  });

  it('catches up within a minute when the system clock jumps ahead', () => {
    vi.setSystemTime(at(9, 0));
    render(<Greeting />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Good Morning');
    // A laptop woken in the evening: the clock moved, the timers did not.
    vi.setSystemTime(at(19, 30));
    act(() => void vi.advanceTimersByTime(60_000));
    expect(heading).toHaveTextContent('Good Evening');
  });

  it('stops its timer when unmounted', () => {
    vi.setSystemTime(at(10, 0));
    const { unmount } = render(<Greeting />);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('msUntilNextCheck', () => {
  it('wakes exactly on the next hour when it is less than a minute away', () => {
    expect(msUntilNextCheck(at(11, 59, 45))).toBe(15_000);
  });

  it('otherwise looks again in a minute', () => {
    expect(msUntilNextCheck(at(11, 30))).toBe(60_000);
  });
});

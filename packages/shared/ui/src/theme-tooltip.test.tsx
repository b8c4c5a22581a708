import { act, render, screen } from '@testing-library/react';
import { ThemeProvider, Tooltip } from '@loofi/ui-kit/base';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loofiTheme } from './theme';

afterEach(() => vi.useRealTimers());

describe('loofiTheme tooltips', () => {
  it('open 500 ms after the pointer comes over, not sooner (SPEC §9)', async () => {
    vi.useFakeTimers();
    render(
      <ThemeProvider theme={loofiTheme}>
        <Tooltip title="Music">
          <button type="button">icon</button>
        </Tooltip>
      </ThemeProvider>,
    );
    const anchor = screen.getByRole('button', { name: 'Music' });
    act(() => {
      anchor.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(499);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Music');
  });
});

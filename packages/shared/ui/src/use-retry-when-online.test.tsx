import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRetryWhenOnline } from './use-retry-when-online';

function Probe({ failed, retry }: { failed: boolean; retry: () => void }) {
  useRetryWhenOnline(failed, retry);
  return null;
}

describe('useRetryWhenOnline', () => {
  it('retries on the online event only while failed', () => {
    const retry = vi.fn();
    const { rerender, unmount } = render(<Probe failed={false} retry={retry} />);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(retry).not.toHaveBeenCalled();
    rerender(<Probe failed retry={retry} />);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(retry).toHaveBeenCalledTimes(1);
    unmount();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

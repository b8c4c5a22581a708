import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { COPY_RESET_MS } from './use-copy-to-clipboard';

const FAILURE = 'An error occured while copying the text. Please try again.';

/** Replaces the browser's clipboard for one test. */
function useClipboard(clipboard: Pick<Clipboard, 'writeText'> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  if (original) Object.defineProperty(navigator, 'clipboard', original);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

/** Clicks the button and lets the clipboard's promise settle. */
async function clickCopy() {
  await act(async () => {
    screen.getByRole('button', { name: 'Copy to Clipboard' }).click();
  });
}

describe('CopyButton', () => {
  it('copies the text, says Copied, and offers to copy again after 5 s', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    useClipboard({ writeText });
    render(<CopyButton text="loofi 1.0.0-beta" />);

    await clickCopy();
    expect(writeText).toHaveBeenCalledWith('loofi 1.0.0-beta');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');

    act(() => void vi.advanceTimersByTime(COPY_RESET_MS - 1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copied');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: 'Copy to Clipboard' })).toBeVisible();
    expect(COPY_RESET_MS).toBe(5000);
  });

  it('says the copy failed when the clipboard refuses, then resets after 5 s', async () => {
    useClipboard({
      writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')),
    });
    render(<CopyButton text="loofi 1.0.0-beta" />);

    await clickCopy();
    expect(screen.getByRole('tooltip')).toHaveTextContent(FAILURE);
    expect(screen.getByRole('status')).toHaveTextContent(FAILURE);
    act(() => void vi.advanceTimersByTime(COPY_RESET_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says the copy failed where the browser has no clipboard', async () => {
    useClipboard(undefined);
    render(<CopyButton text="loofi 1.0.0-beta" />);
    await clickCopy();
    expect(screen.getByRole('status')).toHaveTextContent(FAILURE);
  });

  it('counts the 5 s from the latest copy', async () => {
    useClipboard({ writeText: () => Promise.resolve() });
    render(<CopyButton text="loofi 1.0.0-beta" />);
    await clickCopy();
    act(() => void vi.advanceTimersByTime(3000));
    await clickCopy();
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installKeysSheetKey } from './keys-sheet-key';

const open = vi.fn();
let uninstall: () => void;

beforeEach(() => {
  open.mockClear();
  uninstall = installKeysSheetKey(window, open);
});

afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

const press = (target: EventTarget, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', {
    key: '?',
    bubbles: true,
    cancelable: true,
    ...init,
  });
  target.dispatchEvent(event);
  return event;
};

describe("'?'", () => {
  it('opens the sheet from the page or a button', () => {
    const button = document.body.appendChild(document.createElement('button'));
    expect(press(document.body).defaultPrevented).toBe(true);
    press(button);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('is text in a field, and leaves an open dialog alone', () => {
    const field = document.body.appendChild(document.createElement('input'));
    expect(press(field).defaultPrevented).toBe(false);
    field.remove();
    document.body.appendChild(document.createElement('div')).setAttribute('role', 'dialog');
    press(document.body);
    expect(open).not.toHaveBeenCalled();
  });

  it('is not Ctrl+? or another key', () => {
    press(document.body, { ctrlKey: true });
    press(document.body, { key: '/' });
    expect(open).not.toHaveBeenCalled();
  });
});

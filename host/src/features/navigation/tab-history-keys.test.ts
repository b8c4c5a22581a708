import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTabHistoryKeys } from './tab-history-keys';

const back = vi.fn();
const forward = vi.fn();
let uninstall: () => void;

beforeEach(() => {
  back.mockClear();
  forward.mockClear();
  uninstall = installTabHistoryKeys(window, { back, forward });
});

afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

const press = (target: EventTarget, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', {
    key: 'ArrowLeft',
    altKey: true,
    bubbles: true,
    cancelable: true,
    ...init,
  });
  target.dispatchEvent(event);
  return event;
};

describe('Alt+← and Alt+→', () => {
  it('go back and forward from the page or a button', () => {
    const button = document.body.appendChild(document.createElement('button'));
    expect(press(document.body).defaultPrevented).toBe(true);
    expect(press(button, { key: 'ArrowRight' }).defaultPrevented).toBe(true);
    expect(back).toHaveBeenCalledTimes(1);
    expect(forward).toHaveBeenCalledTimes(1);
  });

  it('move the caret in a text field and leave the tab where it is', () => {
    for (const tag of ['input', 'textarea']) {
      const field = document.body.appendChild(document.createElement(tag));
      expect(press(field).defaultPrevented).toBe(false);
      expect(press(field, { key: 'ArrowRight' }).defaultPrevented).toBe(false);
      field.remove();
    }
    const editable = document.body.appendChild(document.createElement('div'));
    editable.setAttribute('contenteditable', 'true');
    press(editable.appendChild(document.createElement('span')));
    expect(back).not.toHaveBeenCalled();
    expect(forward).not.toHaveBeenCalled();
  });

  it('leave an open dialog alone, and a key a control already took', () => {
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    press(document.body);
    dialog.remove();
    const slider = document.body.appendChild(document.createElement('span'));
    slider.addEventListener('keydown', (event) => event.preventDefault());
    press(slider, { key: 'ArrowRight' });
    expect(back).not.toHaveBeenCalled();
    expect(forward).not.toHaveBeenCalled();
  });

  it('are not Ctrl, Shift or Meta with them, nor other keys', () => {
    press(document.body, { ctrlKey: true });
    press(document.body, { shiftKey: true });
    press(document.body, { metaKey: true });
    press(document.body, { altKey: false });
    press(document.body, { key: 'ArrowUp' });
    expect(back).not.toHaveBeenCalled();
  });

  it('stop when undone', () => {
    uninstall();
    press(document.body);
    expect(back).not.toHaveBeenCalled();
    uninstall = () => undefined;
  });
});

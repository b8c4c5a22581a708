import { afterEach, describe, expect, it } from 'vitest';
import { focusLost, rescueFocus } from './focus';

const button = (label: string) => {
  const element = document.createElement('button');
  element.textContent = label;
  document.body.append(element);
  return element;
};

afterEach(() => document.body.replaceChildren());

describe('rescueFocus', () => {
  it('moves the focus from the page’s body to the target', () => {
    const target = button('Import');
    expect(focusLost()).toBe(true);
    rescueFocus(target);
    expect(document.activeElement).toBe(target);
  });

  it('moves it from an element just pressed that is left behind', () => {
    const pressed = button('Remove all');
    const target = button('Next');
    pressed.focus();
    rescueFocus(target, pressed);
    expect(document.activeElement).toBe(target);
  });

  it('leaves the focus where the owner has put it since', () => {
    const elsewhere = button('Search');
    const target = button('Import');
    elsewhere.focus();
    expect(focusLost(button('Cancel import'))).toBe(false);
    rescueFocus(target);
    expect(document.activeElement).toBe(elsewhere);
  });
});

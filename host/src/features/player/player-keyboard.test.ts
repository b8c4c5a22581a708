import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlayerCommand } from '@loofi/contracts';
import { FOCUS_PRESETS } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import type { PlayerBusController } from '@loofi/contracts/player';
import { installPlayerKeyboard } from './player-keyboard';

let commands: PlayerCommand[];
let uninstall: () => void;
let bus: PlayerBusController;

beforeEach(() => {
  bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, position: 30, muted: false } });
  commands = [];
  bus.commands$.subscribe((command) => commands.push(command));
  uninstall = installPlayerKeyboard(window, bus, () => bus.state);
});

afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  );

describe('installPlayerKeyboard', () => {
  it('maps Space, arrows, Shift+arrows and M to player commands', () => {
    press(' ');
    press('ArrowLeft');
    press('ArrowRight');
    press('ArrowLeft', { shiftKey: true });
    press('ArrowRight', { shiftKey: true });
    press('m');
    expect(commands).toEqual([
      { type: 'toggle' },
      { type: 'seek', seconds: 25 },
      { type: 'seek', seconds: 35 },
      { type: 'previous' },
      { type: 'next' },
      { type: 'mute', muted: true },
    ]);
  });

  it('F starts a focus session, then pauses and resumes it', () => {
    press('f');
    const focus = {
      plan: FOCUS_PRESETS[0]!,
      block: 1,
      phase: 'focus' as const,
      long: false,
      endsAt: Date.now() + 60_000,
      leftMs: 0,
    };
    bus.setState({ focus });
    press('F');
    bus.setState({ focus: { ...focus, endsAt: null, leftMs: 60_000 } });
    press('f');
    expect(commands).toEqual([
      { type: 'focusStart', plan: FOCUS_PRESETS[0] },
      { type: 'focusPause' },
      { type: 'focusResume' },
    ]);
  });

  it('leaves keys to text fields, controls and open dialogs, and to Alt shortcuts', () => {
    const input = document.createElement('input');
    const button = document.createElement('button');
    document.body.append(input, button);
    press(' ', {}, input);
    press('m', {}, input);
    press(' ', {}, button);
    press('ArrowLeft', { altKey: true });
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    press(' ');
    expect(commands).toEqual([]);
  });

  it('takes M and F on a button or a link, which take Space and Enter, never letters', () => {
    const button = document.createElement('button');
    const link = document.createElement('a');
    link.href = '#';
    document.body.append(button, link);
    press(' ', {}, button);
    press('ArrowRight', {}, link);
    press('m', {}, button);
    press('f', {}, link);
    expect(commands).toEqual([
      { type: 'mute', muted: true },
      { type: 'focusStart', plan: FOCUS_PRESETS[0] },
    ]);
  });

  it('leaves letters to a menu or a list, which find their items by them', () => {
    for (const role of ['menu', 'listbox']) {
      const list = document.createElement('ul');
      list.setAttribute('role', role);
      const item = document.createElement('li');
      item.setAttribute('role', role === 'menu' ? 'menuitem' : 'option');
      item.tabIndex = -1;
      list.append(item);
      document.body.append(list);
      press('m', {}, item);
      press('f', {}, item);
    }
    expect(commands).toEqual([]);
  });
});

describe('installPlayerKeyboard with a mini player', () => {
  it('P opens or closes the mini player; without one, P is left alone', () => {
    let toggles = 0;
    const undo = installPlayerKeyboard(
      window,
      bus,
      () => bus.state,
      () => (toggles += 1),
    );
    // dispatchEvent answers false for a key whose default was prevented: one it took.
    expect(press('p')).toBe(false);
    press('P');
    undo();
    expect(toggles).toBe(2);
    // The keyboard without a mini player (beforeEach's) neither acts on P nor takes it.
    expect(press('p')).toBe(true);
    expect(commands).toEqual([]);
  });
});

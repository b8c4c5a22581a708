import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerCommand } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { installTabHistoryKeys } from '../navigation/tab-history-keys';
import { installPlayerKeyboard } from '../player/player-keyboard';
import { keysOf, SHORTCUT_GROUPS, spokenKeys } from './shortcuts';
import type { KeyPress } from './shortcuts';

const group = (name: string) => SHORTCUT_GROUPS.find((each) => each.name === name)!;

const keydown = ({ key, shift = false, alt = false }: KeyPress) =>
  new KeyboardEvent('keydown', {
    key,
    shiftKey: shift,
    altKey: alt,
    bubbles: true,
    cancelable: true,
  });

let uninstall = () => undefined as void;
afterEach(() => uninstall());

describe('the sheet of keyboard shortcuts', () => {
  it("lists each of the player's and the focus timer's keys as the keys that do it", () => {
    const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, position: 30 } });
    const commands: PlayerCommand[] = [];
    bus.commands$.subscribe((command) => commands.push(command));
    const miniPlayer = vi.fn();
    uninstall = installPlayerKeyboard(window, bus, () => bus.state, miniPlayer);
    const listed = [...group('Player').shortcuts, ...group('Focus').shortcuts];
    const handled = () => commands.length + miniPlayer.mock.calls.length;
    for (const { press, does } of listed) {
      const before = handled();
      const event = keydown(press);
      document.body.dispatchEvent(event);
      expect(handled(), `${spokenKeys(press)}: ${does}`).toBe(before + 1);
      expect(event.defaultPrevented).toBe(true);
    }
    expect(miniPlayer).toHaveBeenCalledTimes(1);
    expect(commands.map((command) => command.type)).toEqual([
      'toggle',
      'seek',
      'seek',
      'previous',
      'next',
      'mute',
      'focusStart',
    ]);
  });

  it("lists the tabs' keys as the keys that go back and forward", () => {
    const moves: string[] = [];
    uninstall = installTabHistoryKeys(window, {
      back: () => moves.push('back'),
      forward: () => moves.push('forward'),
    });
    for (const { press } of group('Tabs').shortcuts) document.body.dispatchEvent(keydown(press));
    expect(moves).toEqual(['back', 'forward']);
  });

  it('names keys as printed on a keyboard, modifiers first', () => {
    expect(keysOf({ key: ' ' })).toEqual(['Space']);
    expect(keysOf({ key: 'ArrowRight', shift: true })).toEqual(['Shift', '→']);
    expect(keysOf({ key: 'ArrowUp', alt: true })).toEqual(['Alt', '↑']);
    expect(spokenKeys({ key: 'ArrowLeft', alt: true })).toBe('Alt plus ←');
  });

  it('lists every key once', () => {
    const presses = SHORTCUT_GROUPS.flatMap(({ name, shortcuts }) =>
      shortcuts.map(
        ({ press }) => `${name === 'Queue' || name === 'Music' ? name : ''} ${spokenKeys(press)}`,
      ),
    );
    expect(new Set(presses).size).toBe(presses.length);
  });
});

/** A key as `KeyboardEvent.key` names it, with the modifiers held. */
export interface KeyPress {
  key: string;
  shift?: boolean;
  alt?: boolean;
}

export interface Shortcut {
  press: KeyPress;
  /** What it does, in the product's words. */
  does: string;
}

export interface ShortcutGroup {
  name: string;
  /** Where the keys act, when not anywhere on the page. */
  where?: string;
  shortcuts: readonly Shortcut[];
}

/**
 * Every keyboard shortcut of the dashboard, as the sheet lists them. The player's and the
 * focus timer's are proven against their handler (`shortcuts.test.ts`).
 */
export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    name: 'Player',
    where: 'Not while typing in a field, on a control that takes the key, or with a dialog open.',
    shortcuts: [
      { press: { key: ' ' }, does: 'Play or Pause' },
      { press: { key: 'ArrowLeft' }, does: 'Back 5 seconds' },
      { press: { key: 'ArrowRight' }, does: 'Forward 5 seconds' },
      { press: { key: 'ArrowLeft', shift: true }, does: 'Previous' },
      { press: { key: 'ArrowRight', shift: true }, does: 'Next' },
      { press: { key: 'M' }, does: 'Mute or Unmute' },
      { press: { key: 'P' }, does: 'Open or close the Mini player (Chrome, Edge)' },
    ],
  },
  {
    name: 'Focus',
    shortcuts: [
      { press: { key: 'F' }, does: 'Start focus (25 / 5 minutes), Pause focus or Resume focus' },
    ],
  },
  {
    name: 'Tabs',
    where: 'Not while typing in a field or with a dialog open.',
    shortcuts: [
      { press: { key: 'ArrowLeft', alt: true }, does: 'Back to the tab shown before' },
      { press: { key: 'ArrowRight', alt: true }, does: 'Forward again' },
    ],
  },
  {
    name: 'Queue',
    where: 'On a track of the Queue panel.',
    shortcuts: [
      { press: { key: 'ArrowUp', alt: true }, does: 'Move up' },
      { press: { key: 'ArrowDown', alt: true }, does: 'Move down' },
      { press: { key: 'Delete' }, does: 'Remove from queue' },
    ],
  },
  {
    name: 'Music',
    where: "On a track's row.",
    shortcuts: [{ press: { key: 'Enter' }, does: 'Edit the track' }],
  },
  {
    name: 'Anywhere',
    shortcuts: [
      { press: { key: 'Tab' }, does: 'Skip to content (the first press after a load)' },
      { press: { key: 'Escape' }, does: 'Close the dialog, menu or panel' },
      { press: { key: '?' }, does: 'Keyboard shortcuts' },
    ],
  },
];

const KEY_NAMES: Readonly<Record<string, string>> = {
  ' ': 'Space',
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
};

/** The keys to press, in order: `['Shift', '→']`. */
export function keysOf({ key, shift, alt }: KeyPress): string[] {
  return [...(alt ? ['Alt'] : []), ...(shift ? ['Shift'] : []), KEY_NAMES[key] ?? key];
}

/** A press as words, for a screen reader: 'Shift plus →'. */
export const spokenKeys = (press: KeyPress): string => keysOf(press).join(' plus ');

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as kit from '@loofi/ui-kit';
import { KeysSheet } from './keys-sheet';
import { SHORTCUT_GROUPS } from './shortcuts';

describe('KeysSheet', () => {
  it('lists every group as a table of keys and what they do, and closes', async () => {
    const onClose = vi.fn();
    render(<KeysSheet kit={kit} open onClose={onClose} />);
    const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const group of SHORTCUT_GROUPS) {
      const table = within(sheet).getByRole('table', { name: group.name });
      expect(within(table).getAllByRole('row')).toHaveLength(group.shortcuts.length);
    }
    const player = within(sheet).getByRole('table', { name: 'Player' });
    expect(within(player).getByRole('rowheader', { name: 'Shift plus →' })).toBeInTheDocument();
    expect(within(player).getByRole('row', { name: 'Shift plus → Next' })).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConnectionNotice } from './connection-notice';
import { ConnectionStatus } from './connection-status';
import { OFFLINE_MESSAGE } from './offline-message';

describe('ConnectionNotice', () => {
  it('can be dismissed, and comes back only when the connection is lost again', async () => {
    const status = new ConnectionStatus(window);
    const user = userEvent.setup();
    render(<ConnectionNotice status={status} />);
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    act(() => status.reportLoad(true));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    // Still offline: it stays away.
    act(() => status.reportLoad(true));
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    act(() => status.reportLoad(false));
    act(() => status.reportLoad(true));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_MESSAGE);
  });
});

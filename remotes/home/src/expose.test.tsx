import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeRemoteProps } from '@loofi/shared/testing';
import App, { CONTRACT_VERSION } from './expose';

describe('the Home remote ./App', () => {
  it('is built against the current contract', () => {
    expect(CONTRACT_VERSION).toBe(1);
  });

  it('greets and asks the shell to open the tab of the card the owner clicks', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    expect(
      screen.getByRole('heading', { name: /^Good (Morning|Afternoon|Evening)$/ }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Music' }));
    expect(props.navigations).toEqual(['settings', 'music']);
    expect(props.dispatched).toEqual([]);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountChooser } from './account-chooser';

describe('AccountChooser', () => {
  it('offers the first whitelisted address and returns the one the owner continues with', async () => {
    const returned: string[] = [];
    render(
      <AccountChooser
        initialEmail="owner@loofi.local"
        returnAccount={(email) => returned.push(email) > 0}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('owner@loofi.local');
    await userEvent.clear(email);
    await userEvent.type(email, ' someone@example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(returned).toEqual(['someone@example.org']);
  });

  it('says so when no dashboard opened it', async () => {
    render(<AccountChooser initialEmail="" returnAccount={() => false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This page was not opened by loofi.');
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoofiThemeProvider } from '@loofi/ui';
import { StartingShell } from './starting-shell';

function renderStartingShell() {
  return render(
    <LoofiThemeProvider>
      <StartingShell />
    </LoofiThemeProvider>,
  );
}

describe('StartingShell', () => {
  it('says the dashboard is loading, where its tab will be', () => {
    renderStartingShell();
    const main = screen.getByRole('main', { name: 'Tab content' });
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(within(main).getByRole('progressbar', { name: 'Loading loofi' })).toBeVisible();
    expect(within(main).getByRole('heading', { level: 1 })).toHaveTextContent('Loading loofi');
  });

  it('offers no control that does nothing: every button and tab is disabled', () => {
    renderStartingShell();
    const controls = [
      ...screen.getAllByRole('button', { hidden: true }),
      ...screen.getAllByRole('tab', { hidden: true }),
    ];
    expect(controls.length).toBeGreaterThan(0);
    for (const control of controls) expect(control).toBeDisabled();
    expect(screen.queryAllByRole('link', { hidden: true })).toEqual([]);
    for (const name of ['Go Back', 'Go Forward', 'View on GitHub', 'Account', 'Play', 'Next']) {
      expect(screen.getAllByRole('button', { name, hidden: true }).length).toBeGreaterThan(0);
    }
    for (const name of ['Home', 'Music', 'Settings']) {
      expect(screen.getAllByRole('tab', { name, hidden: true }).length).toBeGreaterThan(0);
    }
  });

  it('shows nothing of the owner’s and no way to sign in', () => {
    renderStartingShell();
    expect(screen.queryByRole('button', { name: 'Sign in with Google', hidden: true })).toBeNull();
    expect(screen.getByRole('banner')).toHaveTextContent(/^loofi$/);
    expect(screen.queryByRole('img', { hidden: true })).toBeNull();
  });
});

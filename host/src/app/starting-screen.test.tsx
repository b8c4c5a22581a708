import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoofiThemeProvider } from '@loofi/ui';
import { firstScreensMarkup, holdPrerenderedShell, STARTING_SHELL_ATTRIBUTE } from './first-screen';
import { StartingScreen, StartingScreens } from './starting-screen';

const heldShell = () => document.querySelector(`[${STARTING_SHELL_ATTRIBUTE}]`);

/** index.html's #root as the build writes it, held as a returning owner's page holds it. */
function prerenderedPage(): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = firstScreensMarkup(
    '<p role="status">Prerendered shell</p>',
    '<button>Sign in with Google</button>',
  );
  document.body.append(container);
  holdPrerenderedShell(container);
  return container;
}

/** What a screen shows: the starting screen in one place or two, or the next screen. */
function Screens({ gate, route, next }: { gate?: boolean; route?: boolean; next?: boolean }) {
  return (
    <LoofiThemeProvider>
      {gate && <StartingScreen key="gate" />}
      {route && (
        <section>
          <StartingScreen key="route" />
        </section>
      )}
      {next && <h1>Dashboard</h1>}
    </LoofiThemeProvider>
  );
}

afterEach(() => document.body.replaceChildren());

describe('holdPrerenderedShell', () => {
  it('keeps the shell, as it is, just before #root, and leaves #root empty for the app', () => {
    const container = prerenderedPage();
    expect(container.childNodes).toHaveLength(0);
    expect(container.previousElementSibling).toBe(heldShell());
    expect(heldShell()!.innerHTML).toBe('<p role="status">Prerendered shell</p>');
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
  });
});

describe('StartingScreen', () => {
  it('renders nothing of its own while the prerendered shell is kept', () => {
    const container = prerenderedPage();
    render(<Screens gate />, { container });
    expect(container.childNodes).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Prerendered shell');
  });

  it('keeps the shell when one starting screen follows another in the same commit', async () => {
    const container = prerenderedPage();
    const { rerender } = render(<Screens gate />, { container });
    rerender(<Screens route />);
    await act(() => Promise.resolve());
    expect(heldShell()).not.toBeNull();
  });

  it('removes the shell once the next screen has taken its place', async () => {
    const container = prerenderedPage();
    const { rerender } = render(<Screens gate />, { container });
    rerender(<Screens next />);
    await act(() => Promise.resolve());
    expect(heldShell()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  it('removes the shell in the first commit when that shows the next screen at once', () => {
    const container = prerenderedPage();
    render(
      <StartingScreens>
        <Screens next />
      </StartingScreens>,
      { container },
    );
    expect(heldShell()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  it('keeps the shell when the first commit shows a starting screen', async () => {
    const container = prerenderedPage();
    const { rerender } = render(
      <StartingScreens>
        <Screens gate />
      </StartingScreens>,
      { container },
    );
    await act(() => Promise.resolve());
    expect(heldShell()).not.toBeNull();
    rerender(
      <StartingScreens>
        <Screens next />
      </StartingScreens>,
    );
    await act(() => Promise.resolve());
    expect(heldShell()).toBeNull();
  });

  it('without a prerendered shell, shows the shell from its chunk, loading until then', async () => {
    render(<Screens route />);
    expect(screen.getByRole('progressbar', { name: 'Loading loofi' })).toBeVisible();
    expect(await screen.findByRole('banner')).toHaveTextContent('loofi');
    expect(screen.getByRole('tab', { name: 'Home' })).toBeDisabled();
  });
});

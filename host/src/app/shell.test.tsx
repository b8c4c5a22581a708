import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteApp, TabName } from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import { createMemoryBackend, createMemoryPreferences, FAKE_CONFIG } from '@loofi/backend/testing';
import { createSharedLinks } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';
import { AuthService } from '../features/auth/auth-service';
import { ConnectionStatus } from '../features/connection/connection-status';
import { KEPT_SHARE_KEY } from '../features/share/kept-share';
import { SHARE_NOT_HTTP } from '../features/share/receive-share';
import { fakeRemoteLoader } from '../testing/fake-remote-loader';
import { Shell } from './shell';

/** A remote that names itself, and offers to open the next tab as Home's cards do. */
const remoteOf =
  (name: string, next: TabName): RemoteApp =>
  ({ navigate }) => (
    <section aria-label={`${name} remote`}>
      <button onClick={() => navigate(next)}>Open {next}</button>
    </section>
  );

/** A Music remote that shows the link shared into loofi waiting for it. */
const SharedLinkMusic: RemoteApp = ({ shared }) => {
  const link = useObservable(shared!.waiting$, null);
  return (
    <section aria-label="Music remote">
      {link && <p>{`Shared ${link.kind}: ${link.url} (${link.title})`}</p>}
    </section>
  );
};

function renderShell(music: RemoteApp = remoteOf('Music', 'settings')) {
  const backend = createMemoryBackend();
  const whitelist = ['owner@loofi.local'];
  const auth = new AuthService({
    auth: backend.auth,
    credentials: backend.credentials,
    whitelist,
    jar: { read: () => null, write: () => undefined, clear: () => undefined },
  });
  const connection = new ConnectionStatus(window);
  return render(
    <Shell
      loader={fakeRemoteLoader({
        home: remoteOf('Home', 'music'),
        music,
      })}
      ports={{
        player: createPlayerBus(),
        library: backend.library,
        preferences: createMemoryPreferences(),
        config: FAKE_CONFIG,
        shared: createSharedLinks(),
      }}
      auth={auth}
      email="owner@loofi.local"
      hostConfig={{ whitelist, beta: { allowed: false }, backend: { kind: 'local' } }}
      connection={connection}
      connected$={backend.connection.connected$}
    />,
  );
}

describe('Shell', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('opens Home first, switches tabs from the sidebar and from a remote, and keeps the player', async () => {
    renderShell();
    const main = screen.getByRole('main', { name: 'Tab content' });
    expect(await within(main).findByRole('region', { name: 'Home remote' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'Music' }));
    expect(await within(main).findByRole('region', { name: 'Music remote' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(within(main).getByRole('button', { name: 'Open settings' }));
    expect(await within(main).findByRole('region', { name: 'Settings remote' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('region', { name: 'Player' })).toBeInTheDocument();
  });

  it('opens Music on a link shared into loofi, and offers Music the link', async () => {
    sessionStorage.setItem(KEPT_SHARE_KEY, '?url=https%3A%2F%2Fexample.org%2Frain.mp3&title=Rain');
    renderShell(SharedLinkMusic);
    const main = screen.getByRole('main', { name: 'Tab content' });
    expect(
      await within(main).findByText('Shared audio: https://example.org/rain.mp3 (Rain)'),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says a shared link that is not http(s) cannot be added, and stays where it is', async () => {
    sessionStorage.setItem(KEPT_SHARE_KEY, '?url=javascript%3Aalert(1)');
    renderShell(SharedLinkMusic);
    expect(await screen.findByRole('alert')).toHaveTextContent(SHARE_NOT_HTTP);
    expect(screen.getByRole('tab', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
    expect(sessionStorage.getItem(KEPT_SHARE_KEY)).toBeNull();
  });
});

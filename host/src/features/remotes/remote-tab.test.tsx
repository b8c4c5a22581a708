import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RemoteApp, RemoteModule } from '@loofi/contracts';
import { createFakeRemoteProps } from '@loofi/backend/testing';
import { RemoteLoader } from './remote-loader';
import type { FederationRuntime } from './remote-loader';
import { RemoteTab } from './remote-tab';

const MusicApp: RemoteApp = () => <p>Music remote</p>;

/** A federation runtime whose first `failures` loads fail as a dropped connection would. */
function flakyLoader(failures: number) {
  let calls = 0;
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    async loadRemote<T>() {
      calls += 1;
      if (calls <= failures) throw new Error('Failed to fetch');
      const module: RemoteModule = { default: MusicApp, CONTRACT_VERSION: 1 };
      return module as T;
    },
    prefetchManifest: () => undefined,
  };
  return new RemoteLoader(runtime, async () => ({ home: 'h', music: 'm', settings: 's' }), 1);
}

describe('RemoteTab', () => {
  it('shows the failure with Retry, and the remote once Retry loads it', async () => {
    render(<RemoteTab tab="music" loader={flakyLoader(1)} props={createFakeRemoteProps()} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the music tab' })).toBeInTheDocument();
    expect(await screen.findByText('The Music tab could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Music remote')).toBeInTheDocument();
  });

  it('loads again by itself when the browser is back online', async () => {
    render(<RemoteTab tab="music" loader={flakyLoader(1)} props={createFakeRemoteProps()} />);
    await screen.findByText('The Music tab could not be loaded.');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Music remote')).toBeInTheDocument();
  });

  it('renders a remote loaded before in its first frame, with no loading state', async () => {
    const loader = flakyLoader(0);
    await loader.load('music');
    render(<RemoteTab tab="music" loader={loader} props={createFakeRemoteProps()} />);
    expect(screen.getByText('Music remote')).toBeInTheDocument();
  });
});

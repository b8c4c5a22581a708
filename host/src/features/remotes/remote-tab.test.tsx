import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RemoteApp } from '@loofi/contracts';
import { createFakeRemoteProps } from '@loofi/backend/testing';
import { fakeRemoteLoader } from '../../testing/fake-remote-loader';
import { RemoteTab } from './remote-tab';

const MusicApp: RemoteApp = () => <p>Music remote</p>;

const flakyLoader = (failures: number) => fakeRemoteLoader({ music: MusicApp }, { failures });

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

import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { createFakeRemoteProps } from '@loofi/shared/testing';
import App, { CONTRACT_VERSION } from './expose';

const track = (title: string) => ({
  title,
  author: 'Someone',
  audio: `https://example.org/${title}.mp3`,
  image: '/cover.png',
});

describe('the Music remote ./App', () => {
  it('is built against the current contract', () => {
    expect(CONTRACT_VERSION).toBe(1);
  });

  it("shows '-' for an empty library", () => {
    render(<App {...createFakeRemoteProps()} />);
    const counter = screen.getByRole('region', { name: 'Tracks' });
    expect(within(counter).getByText('-')).toBeVisible();
  });

  it('counts the tracks and follows the library live', async () => {
    const props = createFakeRemoteProps({ tracks: [track('a'), track('b')] });
    render(<App {...props} />);
    const counter = screen.getByRole('region', { name: 'Tracks' });
    expect(within(counter).getByText('2')).toBeVisible();
    await act(() => props.library.add(track('c')));
    expect(within(counter).getByText('3')).toBeVisible();
  });
});

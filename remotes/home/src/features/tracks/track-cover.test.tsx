import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackCover } from './track-cover';

describe('TrackCover', () => {
  it('decodes a cover of any size off the main thread, laid out at a bounded size', () => {
    const { container } = render(<TrackCover image="https://covers.example/huge.png" />);
    const cover = container.querySelector('img');
    expect(cover).toHaveAttribute('decoding', 'async');
    expect(cover).toHaveAttribute('width', '320');
    expect(cover).toHaveAttribute('height', '320');
  });
});

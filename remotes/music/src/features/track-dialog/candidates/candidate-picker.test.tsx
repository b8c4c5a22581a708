import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NOTHING_SKIPPED } from '../../../lib/track-candidate';
import { CandidatePicker, summary } from './candidate-picker';

describe('summary', () => {
  const track = { title: 'T', author: 'A', audio: 'https://a.example/t.mp3', image: '' };
  it('says what a search found and what it skipped, and why, as an import does', () => {
    expect(
      summary({
        candidates: [track, track, track],
        duplicates: 2,
        found: 3,
        skipped: { incomplete: 1, unplayable: 2, tooLong: 0 },
        id: 1,
      }),
    ).toBe(
      'Found 3 new tracks; skipped 2 duplicates, 1 entry missing its title, author or audio and 2 entries whose audio cannot play here.',
    );
    expect(
      summary({ candidates: [], duplicates: 0, found: 0, skipped: NOTHING_SKIPPED, id: 1 }),
    ).toBe('No new tracks found.');
    expect(
      summary({ candidates: [track], duplicates: 0, found: 1, skipped: NOTHING_SKIPPED, id: 1 }),
    ).toBe('Found 1 new track.');
  });
});

describe('CandidatePicker', () => {
  it("decodes each found page's cover off the main thread, at the size it is shown", () => {
    const candidates = ['a', 'b'].map((name) => ({
      title: `Track ${name}`,
      author: 'Author',
      audio: `https://audio.example/${name}.mp3`,
      image: `https://audio.example/${name}.jpg`,
    }));
    render(
      <CandidatePicker
        results={{ candidates, duplicates: 0, found: 2, skipped: NOTHING_SKIPPED, id: 1 }}
        busy={false}
        onAdd={() => Promise.resolve()}
      />,
    );
    const covers = [...screen.getByRole('region', { name: 'Results' }).querySelectorAll('img')];
    expect(covers).toHaveLength(2);
    for (const cover of covers) {
      expect(cover).toHaveAttribute('decoding', 'async');
      expect(cover).toHaveAttribute('width', '40');
      expect(cover).toHaveAttribute('height', '40');
    }
  });
});

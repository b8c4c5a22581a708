import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CandidatePicker } from './candidate-picker';

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
        results={{ candidates, duplicates: 0, found: 2, id: 1 }}
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

import { describe, expect, it } from 'vitest';
import { DEMO_AUTHOR, DEMO_TRACKS, demoTracks } from './demo-library';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.039_28 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('DEMO_TRACKS', () => {
  it('holds four tracks with unique kebab-case slugs', () => {
    expect(DEMO_TRACKS).toHaveLength(4);
    const slugs = DEMO_TRACKS.map((track) => track.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it.each(DEMO_TRACKS.map((track) => [track.slug, track] as const))(
    '%s points at its generated assets and lasts a whole number of bars',
    (slug, track) => {
      expect(track.audio).toBe(`/demo/${slug}.wav`);
      expect(track.image).toBe(`/demo/${slug}.svg`);
      expect(track.author).toBe(DEMO_AUTHOR);
      expect(track.durationSeconds).toBeCloseTo((track.bars * 4 * 60) / track.bpm, 9);
      expect(track.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(track.durationSeconds).toBeLessThanOrEqual(30);
    },
  );

  it.each(DEMO_TRACKS.map((track) => [track.slug, track] as const))(
    '%s has patterns of sixteen steps and chords the synthesiser can play',
    (_slug, track) => {
      for (const pattern of [track.keys, track.kick, track.snare, track.hat]) {
        expect(pattern).toMatch(/^[x.]{16}$/);
      }
      // Each bar's chord is struck on its downbeat, so a bar never starts on the last chord.
      expect(track.keys[0]).toBe('x');
      expect(track.chords.length).toBeGreaterThan(0);
      for (const chord of track.chords) {
        expect(chord.notes.length).toBeGreaterThan(0);
        for (const note of chord.notes) expect(note).toBeGreaterThan(chord.bass);
      }
      expect(Number.isInteger(track.seed)).toBe(true);
      expect(track.melodyDensity).toBeGreaterThanOrEqual(0);
      expect(track.melodyDensity).toBeLessThanOrEqual(1);
    },
  );

  it.each(DEMO_TRACKS.map((track) => [track.slug, track] as const))(
    '%s prints its title legibly over the near hills',
    (_slug, { palette }) => {
      for (const colour of Object.values(palette)) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(palette.ink, palette.nearHills)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('demoTracks', () => {
  it('gives the plain tracks the library stores, and nothing of the synthesis', () => {
    const tracks = demoTracks();
    expect(tracks).toHaveLength(DEMO_TRACKS.length);
    for (const [index, track] of tracks.entries()) {
      const { title, author, audio, image } = DEMO_TRACKS[index]!;
      expect(track).toStrictEqual({ title, author, audio, image });
    }
  });

  it('returns fresh objects, so the caller may keep or change them', () => {
    const first = demoTracks();
    first[0]!.title = 'changed';
    expect(demoTracks()[0]!.title).toBe(DEMO_TRACKS[0]!.title);
  });
});

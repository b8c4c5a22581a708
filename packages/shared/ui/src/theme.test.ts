// A test: nothing here is bundled, so MUI's own contrast helper is used directly.
// eslint-disable-next-line no-restricted-imports
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { loofiTheme } from './theme';

/** A dark-mode Paper at `elevation`: its colour with MUI's white overlay for that height. */
function raisedBackground(elevation: number): string {
  const overlay = (4.5 * Math.log(elevation + 1) + 2) / 100;
  const paper = loofiTheme.palette.background.paper.replace('#', '');
  const channels = [0, 2, 4].map((start) => Number.parseInt(paper.slice(start, start + 2), 16));
  const mixed = channels.map((value) => Math.round(value * (1 - overlay) + 255 * overlay));
  return `rgb(${mixed.join(', ')})`;
}

describe('loofiTheme', () => {
  it('uses no CSS variables, which the builds leave out of MUI (@loofi/tooling/rspack)', () => {
    // ThemeProvider renders MUI's CSS-variables provider only for a theme with colour schemes.
    expect('colorSchemes' in loofiTheme).toBe(false);
    expect(loofiTheme.vars).toBeFalsy();
  });

  it('keeps primary text readable (WCAG AA, 4.5:1) on the page, on paper and in a dialog', () => {
    const primary = loofiTheme.palette.primary.main;
    expect(getContrastRatio(primary, loofiTheme.palette.background.default)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(getContrastRatio(primary, loofiTheme.palette.background.paper)).toBeGreaterThanOrEqual(
      4.5,
    );
    // A Dialog is a Paper at elevation 24, the lightest background primary text sits on.
    expect(getContrastRatio(primary, raisedBackground(24))).toBeGreaterThanOrEqual(4.5);
  });
});

/**
 * The page's grid: the top bar, the content (with the sidebar) and the bottom chrome. The
 * live shell and the starting shell share it, so the one takes the other's place unmoved.
 */
export const SHELL_GRID = {
  display: 'grid',
  gridTemplateRows: 'auto minmax(0, 1fr) auto',
  // One column exactly as wide as the screen: no row can push the page sideways.
  gridTemplateColumns: 'minmax(0, 1fr)',
  height: '100dvh',
} as const;

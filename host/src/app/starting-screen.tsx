import { useLayoutEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Box, CircularProgress } from '@loofi/ui-kit/base';
import { useRetryableLoad } from '@loofi/ui';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { STARTING_LABEL, STARTING_SHELL_ATTRIBUTE } from './first-screen';

// What the page shows while the dashboard starts: the starting shell (./starting-shell).
// A returning owner's page already shows it, prerendered into index.html, and keeps that
// copy (./first-screen holds it beside the app's root): no script renders it again, and
// the sign-in page's script (main) carries none of its code. It goes in the commit that
// puts the next screen in its place. Where there is no such copy (after a sign-in, or in a
// development build) the shell's own chunk renders it, fetched as the owner signs in.

let loaded: ComponentType | undefined;

/** The starting shell's chunk; a failed download is tried again by the next use. */
export const loadStartingShell = memoizeUntilFailure(() =>
  import(/* webpackChunkName: "starting-shell" */ './starting-shell').then((module) => {
    loaded = module.StartingShell;
    return loaded;
  }),
);

/** The shell from its chunk; until it is there (or while it cannot come), a progress indicator. */
function StartingShellFromChunk() {
  const { state } = useRetryableLoad(loadStartingShell, loaded);
  if (state.status === 'ready') {
    const Shell = state.value;
    return <Shell />;
  }
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
      <CircularProgress aria-label={STARTING_LABEL} />
    </Box>
  );
}

/** How many starting screens are mounted: the gate's and the route's follow each other. */
let mounted = 0;

function heldShell(): Element | null {
  return document.querySelector(`[${STARTING_SHELL_ATTRIBUTE}]`);
}

export function StartingScreen() {
  useLayoutEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      // After this commit's other effects: a starting screen mounted in the same commit
      // keeps the shell. The commit and this task end before the browser paints.
      queueMicrotask(() => {
        if (mounted === 0) heldShell()?.remove();
      });
    };
  }, []);
  return heldShell() ? null : <StartingShellFromChunk />;
}

/**
 * Around the app's screens. When its first commit shows no starting screen (the session was
 * known before the first render, or is plainly not one), the held shell goes in that commit;
 * otherwise the last starting screen to go removes it. (A parent's layout effects run after
 * its children's, so a starting screen mounted in the same commit has been counted.)
 */
export function StartingScreens({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (mounted === 0) heldShell()?.remove();
  }, []);
  return children;
}

import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { LoofiThemeProvider } from '@loofi/ui';
import { FIRST_SCREEN_CSS, firstScreensMarkup } from './app/first-screen';
import { StartingShell } from './app/starting-shell';
import { randomTileSeed } from './features/auth/backdrop-tiles';
import { SignInScreen } from './features/auth/sign-in-screen';

/** The page the build writes into index.html: its markup and its critical CSS. */
export interface PrerenderedPage {
  html: string;
  styles: string;
}

/**
 * The first screens, rendered at build time so that they paint before any script, with
 * the styles they use and nothing else (./app/first-screen): the sign-in page as every
 * path first shows it while the session is checked (SPEC §2), which the app then hydrates,
 * and the starting shell a returning owner sees instead.
 */
export function prerenderFirstScreens(tileSeed = randomTileSeed()): PrerenderedPage {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const render = (page: ReactNode) =>
    renderToString(
      <CacheProvider value={cache}>
        <LoofiThemeProvider>{page}</LoofiThemeProvider>
      </CacheProvider>,
    );
  const signIn = render(
    <SignInScreen
      tileSeed={tileSeed}
      busy
      error={null}
      onSignIn={() => undefined}
      onDismissError={() => undefined}
    />,
  );
  const html = firstScreensMarkup(render(<StartingShell />), signIn);
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  return { html, styles: `<style>${FIRST_SCREEN_CSS}</style>${styles}` };
}

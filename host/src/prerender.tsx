import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { LoofiThemeProvider } from '@loofi/ui';
import { randomTileSeed } from './features/auth/backdrop-tiles';
import { SignInScreen } from './features/auth/sign-in-screen';

/** The page the build writes into index.html: its markup and its critical CSS. */
export interface PrerenderedPage {
  html: string;
  styles: string;
}

/**
 * The sign-in page as every path first shows it, while the session is checked (SPEC §2):
 * rendered at build time so it paints before any script, with the styles it uses and
 * nothing else. The app then hydrates the same markup.
 */
export function prerenderSignInPage(tileSeed = randomTileSeed()): PrerenderedPage {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <LoofiThemeProvider>
        <SignInScreen
          tileSeed={tileSeed}
          busy
          error={null}
          onSignIn={() => undefined}
          onDismissError={() => undefined}
        />
      </LoofiThemeProvider>
    </CacheProvider>,
  );
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

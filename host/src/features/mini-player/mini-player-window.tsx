import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@loofi/ui-kit/base';
import type { Theme } from '@loofi/ui-kit/base';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { PlayerBusController } from '@loofi/contracts/player';
import { installPlayerKeyboard } from '../player/player-keyboard';
import type { SleepTimer } from '../player/sleep-timer';
import type { BehaviorSubject } from 'rxjs';
import type { MiniPlayer, MiniPlayerShown } from './mini-player';
import { MiniPlayerView } from './mini-player-view';

/**
 * The app's theme without tooltips: a window of 180 px has no room for them, and MUI closes
 * an open one on Escape pressed in the main page only.
 */
const withoutTooltips = (theme: Theme): Theme => ({
  ...theme,
  components: {
    ...theme.components,
    MuiTooltip: {
      ...theme.components?.MuiTooltip,
      defaultProps: {
        ...theme.components?.MuiTooltip?.defaultProps,
        disableFocusListener: true,
        disableHoverListener: true,
        disableTouchListener: true,
      },
    },
  },
});

/** Named and in the page's language before its first paint, for assistive technology. */
function nameWindow(page: Document) {
  page.title = 'Mini player';
  page.documentElement.lang = document.documentElement.lang;
}

export interface MiniPlayerWindowProps {
  /** The Picture-in-Picture window it renders into. */
  pipWindow: Window;
  miniPlayer: MiniPlayer;
  /** The shell's bus: its keys read the state as they are pressed. */
  player: PlayerBusController;
  sleepTimer?: SleepTimer | undefined;
}

/**
 * The mini player, rendered from the shell's tree into its own window: the same bus, theme
 * and contexts as the player bar. Its styles are written by an emotion cache into that
 * window's head (the site's policy allows inline styles; nothing parses markup there).
 */
export function MiniPlayerWindow({
  pipWindow,
  miniPlayer,
  player,
  sleepTimer,
}: MiniPlayerWindowProps) {
  const page = pipWindow.document;
  const cache = useMemo(() => createCache({ key: 'mini', container: page.head }), [page]);
  useLayoutEffect(() => nameWindow(page), [page]);
  // The player's keys work in the window too, and P closes it.
  useEffect(
    () => installPlayerKeyboard(pipWindow, player, () => player.state, miniPlayer.toggle),
    [pipWindow, player, miniPlayer],
  );
  return createPortal(
    <CacheProvider value={cache}>
      <ThemeProvider theme={withoutTooltips}>
        <CssBaseline />
        <MiniPlayerView player={player} page={page} sleepTimer={sleepTimer} />
      </ThemeProvider>
    </CacheProvider>,
    page.body,
  );
}

/**
 * Shows the mini player in the window `request` opens, until that window goes (closed by
 * the owner, by P or by the browser, or replaced by a second request).
 */
export async function showMiniPlayer(
  request: Promise<Window>,
  shown$: BehaviorSubject<MiniPlayerShown | null>,
): Promise<void> {
  const opened = await request;
  if (opened.closed) return;
  const gone = () => {
    if (shown$.value?.window === opened) shown$.next(null);
  };
  opened.addEventListener('pagehide', gone, { once: true });
  shown$.next({ window: opened, View: MiniPlayerWindow });
}

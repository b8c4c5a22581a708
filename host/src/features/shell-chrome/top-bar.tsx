import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import GitHubIcon from '@mui/icons-material/GitHub';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@loofi/ui-kit/base';
import { memo, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import type { TabNavigation } from '../navigation/use-tab-history';
import { Hint } from './hint';

/**
 * The top bar (the page's banner): history navigation, the source link, the account. A
 * shell render that changes none of these (a tab's panel arriving) leaves it alone.
 */
export const TopBar = memo(function TopBar({
  appName,
  githubUrl,
  navigation,
  account,
}: {
  appName: string;
  githubUrl: string;
  navigation: TabNavigation;
  account: ReactNode;
}) {
  const back = useRef<HTMLButtonElement>(null);
  const forward = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  const { canGoBack, canGoForward } = navigation;
  // The end of the history disables the button just pressed: the keyboard's focus goes to
  // the other one rather than to the page (the browser drops it from a disabled button).
  useLayoutEffect(() => {
    const focused = document.activeElement;
    const justPressed = pressed.current;
    pressed.current = null;
    const lost = (button: HTMLButtonElement | null) =>
      button !== null &&
      (focused === button || (focused === document.body && justPressed === button));
    if (!canGoBack && canGoForward && lost(back.current)) forward.current?.focus();
    else if (!canGoForward && canGoBack && lost(forward.current)) back.current?.focus();
  }, [canGoBack, canGoForward]);

  return (
    <AppBar component="header" position="static" color="transparent" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <Hint title="Go Back" disabled={!canGoBack}>
          <IconButton
            ref={back}
            aria-label="Go Back"
            onClick={() => {
              pressed.current = back.current;
              navigation.back();
            }}
            disabled={!canGoBack}
          >
            <ArrowBackIcon />
          </IconButton>
        </Hint>
        <Hint title="Go Forward" disabled={!canGoForward}>
          <IconButton
            ref={forward}
            aria-label="Go Forward"
            onClick={() => {
              pressed.current = forward.current;
              navigation.forward();
            }}
            disabled={!canGoForward}
          >
            <ArrowForwardIcon />
          </IconButton>
        </Hint>
        <Typography variant="h6" component="p" sx={{ ml: 1 }}>
          {appName}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Hint title="View on GitHub">
          <IconButton
            component="a"
            href={githubUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="View on GitHub"
          >
            <GitHubIcon />
          </IconButton>
        </Hint>
        {account}
      </Toolbar>
    </AppBar>
  );
});

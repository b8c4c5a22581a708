import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import GitHubIcon from '@mui/icons-material/GitHub';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@loofi/ui-kit/base';
import { memo } from 'react';
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
  return (
    <AppBar component="header" position="static" color="transparent" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <Hint title="Go Back" disabled={!navigation.canGoBack}>
          <IconButton
            aria-label="Go Back"
            onClick={navigation.back}
            disabled={!navigation.canGoBack}
          >
            <ArrowBackIcon />
          </IconButton>
        </Hint>
        <Hint title="Go Forward" disabled={!navigation.canGoForward}>
          <IconButton
            aria-label="Go Forward"
            onClick={navigation.forward}
            disabled={!navigation.canGoForward}
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

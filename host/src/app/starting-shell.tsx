import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import GitHubIcon from '@mui/icons-material/GitHub';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LibraryMusicOutlinedIcon from '@mui/icons-material/LibraryMusicOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { AppBar, Box, CircularProgress, IconButton, Toolbar, Typography } from '@loofi/ui-kit/base';
import type { SxProps, Theme } from '@loofi/ui-kit/base';
import { APP_NAME, TAB_LABELS, TAB_NAMES } from '@loofi/contracts';
import type { TabName } from '@loofi/contracts';
import { STARTING_LABEL } from './first-screen';
import { SHELL_GRID } from './shell-layout';

const TAB_ICONS: Record<TabName, typeof HomeOutlinedIcon> = {
  home: HomeOutlinedIcon,
  music: LibraryMusicOutlinedIcon,
  settings: SettingsOutlinedIcon,
};

// Phone or not is decided by CSS (MUI's `sm`, PHONE_QUERY's edge): this page is also
// prerendered, and painted before any script could ask.
const ON_PHONE = { xs: 'flex', sm: 'none' } as const;
const OFF_PHONE = { xs: 'none', sm: 'flex' } as const;

/** A grey bar where text or a slider will be: nothing of the owner's is known yet. */
function Placeholder({ width, height = 12 }: { width: number | string; height?: number }) {
  return <Box sx={{ width, height, borderRadius: 1, bgcolor: 'action.hover' }} />;
}

/** The sidebar's tabs, each visibly disabled: none can be opened until the app runs. */
function StartingTabs({ phone, sx }: { phone: boolean; sx: SxProps<Theme> }) {
  return (
    <Box
      component="nav"
      aria-label="Dashboard"
      sx={[
        phone
          ? { borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }
          : { borderRight: 1, borderColor: 'divider', flexDirection: 'column', overflowY: 'auto' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        role="tablist"
        aria-label="Tabs"
        aria-orientation={phone ? 'horizontal' : 'vertical'}
        sx={{ display: 'flex', flexDirection: phone ? 'row' : 'column', flex: phone ? 1 : 0 }}
      >
        {TAB_NAMES.map((tab) => {
          const Icon = TAB_ICONS[tab];
          return (
            <Box
              key={tab}
              component="button"
              type="button"
              role="tab"
              disabled
              aria-label={TAB_LABELS[tab]}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                minWidth: 72,
                minHeight: phone ? 56 : 48,
                flex: phone ? 1 : 'none',
                px: 2,
                py: 1.5,
                border: 0,
                bgcolor: 'transparent',
                color: 'text.disabled',
                typography: 'button',
              }}
            >
              <Icon />
              {phone && TAB_LABELS[tab]}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The player bar's frame: its controls, disabled until the player runs. */
function StartingPlayer() {
  const cover = (size: number) => (
    <Box
      sx={{ width: size, height: size, flexShrink: 0, borderRadius: 1, bgcolor: 'primary.dark' }}
    />
  );
  const names = (
    <Box sx={{ display: 'grid', gap: 1, flex: 1, minWidth: 0 }}>
      <Placeholder width="60%" height={14} />
      <Placeholder width="35%" />
    </Box>
  );
  const play = (
    <IconButton aria-label="Play" disabled sx={{ width: 48, height: 48 }}>
      <PlayArrowIcon />
    </IconButton>
  );
  const next = (
    <IconButton aria-label="Next" disabled sx={{ width: 48, height: 48 }}>
      <SkipNextIcon />
    </IconButton>
  );
  return (
    <Box
      component="section"
      aria-label="Player"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      {/* A phone's compact bar. */}
      <Box sx={{ display: ON_PHONE, alignItems: 'center', gap: 1, px: 1.5, py: 0.5 }}>
        {cover(40)}
        {names}
        {play}
        {next}
        <IconButton aria-label="Show the whole player" disabled sx={{ width: 48, height: 48 }}>
          <ExpandLessIcon />
        </IconButton>
      </Box>
      {/* Elsewhere the whole bar: the track, the transport and seek row, the volume. */}
      <Box
        sx={{
          display: { xs: 'none', sm: 'grid' },
          gridTemplateColumns: 'minmax(0, 2fr) minmax(200px, 3fr) auto',
          alignItems: 'center',
          gap: { sm: 1, md: 2 },
          px: 2,
          py: 1,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
          {cover(48)}
          {names}
        </Box>
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconButton aria-label="Previous" disabled>
              <SkipPreviousIcon />
            </IconButton>
            {play}
            {next}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', height: 28, width: '100%' }}>
            <Placeholder width="100%" height={4} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifySelf: 'end' }}>
          <IconButton aria-label="Queue" disabled>
            <QueueMusicIcon />
          </IconButton>
          <IconButton aria-label="Sleep timer" disabled>
            <BedtimeOutlinedIcon />
          </IconButton>
          <IconButton aria-label="Mute" disabled>
            <VolumeUpIcon />
          </IconButton>
          <Box sx={{ width: { sm: 88, md: 152 } }}>
            <Placeholder width="100%" height={4} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The dashboard's frame while its app starts: the top bar, the sidebar (a phone's bottom
 * tabs) and the player, laid out as the shell (./shell.tsx) lays them, with every control
 * disabled and one progress indicator where the tab will be. The build prerenders it, for
 * a returning owner to see before any script has arrived (./first-screen.ts); the app shows
 * it too until the signed-in shell can render.
 */
export function StartingShell() {
  return (
    <Box sx={SHELL_GRID}>
      <AppBar component="header" position="static" color="transparent" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton aria-label="Go Back" disabled>
            <ArrowBackIcon />
          </IconButton>
          <IconButton aria-label="Go Forward" disabled>
            <ArrowForwardIcon />
          </IconButton>
          <Typography variant="h6" component="p" sx={{ ml: 1 }}>
            {APP_NAME}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <IconButton aria-label="View on GitHub" disabled>
            <GitHubIcon />
          </IconButton>
          <IconButton aria-label="Account" disabled>
            <AccountCircleIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'auto minmax(0, 1fr)' },
          gridTemplateRows: 'minmax(0, 1fr)',
          minHeight: 0,
        }}
      >
        <StartingTabs phone={false} sx={{ display: OFF_PHONE }} />
        <Box
          component="main"
          aria-label="Tab content"
          aria-busy
          sx={{ p: { xs: 2, sm: 3 }, overflow: 'auto' }}
        >
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              alignContent: 'center',
              gap: 2,
              minHeight: 240,
            }}
          >
            <CircularProgress aria-label={STARTING_LABEL} />
            <Typography variant="body1" component="h1" color="text.secondary">
              {STARTING_LABEL}
            </Typography>
          </Box>
        </Box>
      </Box>
      <Box>
        <StartingPlayer />
        <StartingTabs phone sx={{ display: ON_PHONE }} />
      </Box>
    </Box>
  );
}

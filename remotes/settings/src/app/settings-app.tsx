import { Box, Stack, Tab, Tabs, Typography } from '@loofi/ui-kit/base';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import type { RemoteProps } from '@loofi/contracts';
import { tabLinks } from '@loofi/ui';
import { AboutPanel } from '../features/about/about-panel';
import { OfflineCopies } from '../features/offline/offline-copies';
import { BreakPreferences } from '../features/switches/break-preferences';
import { PlaybackSwitches } from '../features/switches/playback-switches';
import { THEME_IMAGES } from '../features/themes/theme-images';
import { ThemePicker } from '../features/themes/theme-picker';
import { useRefreshStoredTheme } from '../features/themes/use-refresh-stored-theme';

const SECTIONS = ['Preferences', 'About'] as const;
type Section = (typeof SECTIONS)[number];

export function SettingsApp({ config, preferences, offline }: RemoteProps) {
  const links = tabLinks<Section>(useId());
  const [section, setSection] = useState<Section>('Preferences');
  // A section is first rendered when it is first shown: not in the work before the tab's
  // first paint.
  const [shown, setShown] = useState<ReadonlySet<Section>>(() => new Set([section]));
  const show = (next: Section) => {
    setSection(next);
    setShown((before) => (before.has(next) ? before : new Set([...before, next])));
  };
  useRefreshStoredTheme(preferences, THEME_IMAGES);

  const panels: Record<Section, ReactNode> = {
    Preferences: (
      <Stack spacing={3}>
        <ThemePicker preferences={preferences} images={THEME_IMAGES} />
        <PlaybackSwitches preferences={preferences} />
        <BreakPreferences preferences={preferences} />
        {/* A shell that can keep no track offline (before 1.2, or no service worker) gives none. */}
        {offline && <OfflineCopies offline={offline} />}
      </Stack>
    ),
    About: <AboutPanel config={config} />,
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Settings
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 3,
          alignItems: { xs: 'stretch', sm: 'flex-start' },
        }}
      >
        <Tabs
          orientation="vertical"
          value={section}
          onChange={(_event, next: Section) => show(next)}
          aria-label="Settings sections"
          sx={{
            borderRight: { xs: 0, sm: 1 },
            borderBottom: { xs: 1, sm: 0 },
            borderColor: 'divider',
            flexShrink: 0,
          }}
        >
          {SECTIONS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={name}
              {...links.tab(name)}
              sx={{ alignItems: 'flex-start', textTransform: 'none' }}
            />
          ))}
        </Tabs>
        {/* Once shown, a panel stays mounted: a copy confirmation survives a look at the other. */}
        {SECTIONS.map((name) => (
          <Box
            key={name}
            {...links.panel(name)}
            hidden={section !== name}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {shown.has(name) && panels[name]}
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

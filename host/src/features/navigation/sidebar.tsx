import HomeIcon from '@mui/icons-material/Home';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import LibraryMusicOutlinedIcon from '@mui/icons-material/LibraryMusicOutlined';
import SettingsIcon from '@mui/icons-material/Settings';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { Box, Tab, Tabs, Tooltip } from '@loofi/ui-kit/base';
import type { ReactNode } from 'react';
import { TAB_LABELS, TAB_NAMES } from '@loofi/contracts';
import type { TabName } from '@loofi/contracts';
import { tabLinks } from '@loofi/ui';

type Icon = typeof HomeIcon;

/** Each tab's icons (the tabs and their order come from the app manifest). */
const ICONS: Record<TabName, { active: Icon; idle: Icon }> = {
  home: { active: HomeIcon, idle: HomeOutlinedIcon },
  music: { active: LibraryMusicIcon, idle: LibraryMusicOutlinedIcon },
  settings: { active: SettingsIcon, idle: SettingsOutlinedIcon },
};
const TABS = TAB_NAMES.map((tab) => ({ tab, ...ICONS[tab] }));

/** The ids that tie each sidebar tab to the panel the remote is mounted in. */
export const SHELL_TABS = tabLinks<TabName>('shell');

/** The left sidebar: one tab per remote, solid icon when active and outlined otherwise. */
export function Sidebar({
  active,
  onSelect,
  onIntent,
  phone = false,
  children,
}: {
  /** A bottom navigation for phones: the same tabs in a row, each with its name. */
  phone?: boolean;
  active: TabName;
  onSelect(tab: TabName): void;
  /**
   * The pointer came over a tab, or the keyboard focused it: the owner is about to open it.
   * Its remote starts loading now rather than after the click has been handled.
   */
  onIntent?(tab: TabName): void;
  /** Entries below the tabs (the Beta button). */
  children?: ReactNode;
}) {
  return (
    <Box
      component="nav"
      aria-label="Dashboard"
      sx={
        phone
          ? { borderTop: 1, borderColor: 'divider', display: 'flex', bgcolor: 'background.paper' }
          : {
              borderRight: 1,
              borderColor: 'divider',
              display: 'flex',
              flexDirection: 'column',
              // A phone on its side leaves the tabs less height than they need.
              overflowY: 'auto',
            }
      }
    >
      <Tabs
        orientation={phone ? 'horizontal' : 'vertical'}
        variant={phone ? 'fullWidth' : 'standard'}
        value={active}
        onChange={(_, tab: TabName) => onSelect(tab)}
        aria-label="Tabs"
        sx={phone ? { flex: 1 } : undefined}
      >
        {TABS.map(({ tab, active: ActiveIcon, idle: IdleIcon }) => (
          <Tab
            key={tab}
            value={tab}
            {...SHELL_TABS.tab(tab)}
            aria-label={TAB_LABELS[tab]}
            onPointerEnter={() => onIntent?.(tab)}
            onFocus={() => onIntent?.(tab)}
            sx={{ minWidth: 72, minHeight: phone ? 56 : undefined }}
            // On a phone the name is written under the icon, and a tap opens no tooltip
            // (one would stay up after the finger has gone).
            label={phone ? TAB_LABELS[tab] : undefined}
            icon={
              <Tooltip
                title={TAB_LABELS[tab]}
                placement={phone ? 'top' : 'right'}
                disableTouchListener
              >
                {tab === active ? <ActiveIcon /> : <IdleIcon />}
              </Tooltip>
            }
          />
        ))}
      </Tabs>
      {children}
    </Box>
  );
}

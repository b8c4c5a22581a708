import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@loofi/ui-kit/base';
import LibraryMusicRounded from '@mui/icons-material/LibraryMusicRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import type { ComponentType } from 'react';
import type { RemoteProps, TabName } from '@loofi/contracts';

const SHORTCUTS: readonly { label: string; tab: TabName; Icon: ComponentType }[] = [
  { label: 'Music', tab: 'music', Icon: LibraryMusicRounded },
  { label: 'Settings', tab: 'settings', Icon: SettingsRounded },
];

const CARD_WIDTH = 180;

/** On a phone the three cards share one row, tighter, so the music starts above the fold. */
const CARD_CONTENT = { p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } };
const CARD_LABEL = { typography: { xs: 'subtitle1', sm: 'h6' } };

export function ShortcutCards({ navigate }: Pick<RemoteProps, 'navigate'>) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(3, minmax(0, 1fr))',
          sm: `repeat(auto-fill, ${CARD_WIDTH}px)`,
        },
        gap: { xs: 1, sm: 2 },
      }}
    >
      {SHORTCUTS.map(({ label, tab, Icon }) => (
        <Card key={tab}>
          <CardActionArea onClick={() => navigate(tab)} sx={{ height: '100%' }}>
            <CardContent sx={CARD_CONTENT}>
              <Stack spacing={1}>
                <Icon />
                <Typography component="span" sx={CARD_LABEL}>
                  {label}
                </Typography>
              </Stack>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      {/* SPEC §2: a placeholder card showing a dash, labelled Music, that does nothing. */}
      <Card>
        <CardContent sx={CARD_CONTENT}>
          <Stack spacing={1}>
            <Typography
              component="span"
              aria-hidden
              sx={{ typography: { xs: 'h6', sm: 'h4' }, lineHeight: { xs: '24px', sm: 1.235 } }}
            >
              -
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>Music</Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

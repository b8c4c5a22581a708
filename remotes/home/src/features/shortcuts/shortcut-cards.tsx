import { Card, CardActionArea, CardContent, Stack, Typography } from '@loofi/ui-kit/base';
import LibraryMusicRounded from '@mui/icons-material/LibraryMusicRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import type { ComponentType } from 'react';
import type { RemoteProps, TabName } from '@loofi/contracts';

const SHORTCUTS: readonly { label: string; tab: TabName; Icon: ComponentType }[] = [
  { label: 'Music', tab: 'music', Icon: LibraryMusicRounded },
  { label: 'Settings', tab: 'settings', Icon: SettingsRounded },
];

const CARD_WIDTH = 180;

export function ShortcutCards({ navigate }: Pick<RemoteProps, 'navigate'>) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {SHORTCUTS.map(({ label, tab, Icon }) => (
        <Card key={tab} sx={{ width: CARD_WIDTH }}>
          <CardActionArea onClick={() => navigate(tab)} sx={{ height: '100%' }}>
            <CardContent>
              <Stack spacing={1}>
                <Icon />
                <Typography variant="h6" component="span">
                  {label}
                </Typography>
              </Stack>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      {/* SPEC §2: a placeholder card showing a dash, labelled Music, that does nothing. */}
      <Card sx={{ width: CARD_WIDTH }}>
        <CardContent>
          <Stack spacing={1}>
            <Typography variant="h4" component="span" aria-hidden>
              -
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>Music</Typography>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

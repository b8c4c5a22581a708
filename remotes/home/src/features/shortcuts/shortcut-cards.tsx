import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RemoteProps, TabName } from '@loofi/shared/contracts';

const SHORTCUTS: readonly { label: string; tab: TabName }[] = [
  { label: 'Music', tab: 'music' },
  { label: 'Settings', tab: 'settings' },
];

export function ShortcutCards({ navigate }: Pick<RemoteProps, 'navigate'>) {
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {SHORTCUTS.map(({ label, tab }) => (
        <Card key={tab} sx={{ width: 180 }}>
          <CardActionArea onClick={() => navigate(tab)}>
            <CardContent>
              <Typography variant="h6" component="span">
                {label}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
      {/* SPEC §2: a placeholder card showing a dash, labelled Music, that does nothing. */}
      <Card sx={{ width: 180 }} aria-label="Music">
        <CardContent>
          <Typography variant="h6" component="span">
            -
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RemoteProps } from '@loofi/shared/contracts';
import { AboutPanel } from '../features/about/about-panel';

export function SettingsApp({ config }: RemoteProps) {
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Settings
      </Typography>
      <AboutPanel config={config} />
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import type { RemoteProps } from '@loofi/shared/contracts';
import { Greeting } from '../features/greeting/greeting';
import { ShortcutCards } from '../features/shortcuts/shortcut-cards';

export function HomeApp({ navigate }: RemoteProps) {
  return (
    <Stack spacing={3}>
      <Greeting />
      <ShortcutCards navigate={navigate} />
    </Stack>
  );
}

import { Stack } from '@loofi/ui-kit/base';
import type { RemoteProps } from '@loofi/contracts';
import { Greeting } from '../features/greeting/greeting';
import { ShortcutCards } from '../features/shortcuts/shortcut-cards';
import { TrackCards } from '../features/tracks/track-cards';

export function HomeApp({ navigate, player, library }: RemoteProps) {
  return (
    <Stack spacing={3}>
      <Greeting />
      <ShortcutCards navigate={navigate} />
      <TrackCards player={player} library={library} navigate={navigate} />
    </Stack>
  );
}

import { Stack } from '@loofi/ui-kit/base';
import type { RemoteProps } from '@loofi/contracts';
import { usePhoneLayout } from '@loofi/ui';
import { FocusCard } from '../features/focus/focus-card';
import { Greeting } from '../features/greeting/greeting';
import { ShortcutCards } from '../features/shortcuts/shortcut-cards';
import { TrackCards } from '../features/tracks/track-cards';

export function HomeApp({ navigate, player, library }: RemoteProps) {
  // A phone shows the music first: its Focus card comes after the tracks, once they are in.
  const phone = usePhoneLayout();
  const focus = <FocusCard player={player} />;
  return (
    <Stack spacing={3}>
      <Stack
        direction="row"
        spacing={3}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Greeting />
        {!phone && focus}
      </Stack>
      <ShortcutCards navigate={navigate} />
      <TrackCards
        player={player}
        library={library}
        navigate={navigate}
        after={phone ? focus : undefined}
      />
    </Stack>
  );
}

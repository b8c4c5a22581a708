import { Paper } from '@loofi/ui-kit/base';
import { FormControlLabel, FormGroup, Switch } from '@loofi/ui-kit';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import type { Preferences, PreferencesStore } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

/** SPEC §2: the two switches, worded exactly so; the host's player acts on them. */
const SWITCHES: readonly { key: keyof Pick<Preferences, 'resume' | 'autoPlay'>; label: string }[] =
  [
    { key: 'resume', label: 'Continue where you left off' },
    { key: 'autoPlay', label: 'Automatically play another music' },
  ];

export function PlaybackSwitches({ preferences }: { preferences: PreferencesStore }) {
  const current = useObservable(preferences.preferences$, DEFAULT_PREFERENCES);
  return (
    <Paper sx={{ px: 2, py: 1 }}>
      <FormGroup>
        {SWITCHES.map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Switch
                checked={current[key]}
                onChange={(_event, checked) => preferences.set({ [key]: checked })}
              />
            }
          />
        ))}
      </FormGroup>
    </Paper>
  );
}

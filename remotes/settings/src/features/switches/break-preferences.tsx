import { Paper, Typography } from '@loofi/ui-kit/base';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Switch } from '@loofi/ui-kit';
import { useId } from 'react';
import { DEFAULT_PREFERENCES, DURING_BREAKS } from '@loofi/contracts';
import type { DuringBreaks, PreferencesStore } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

const DURING_BREAKS_LABELS: Record<DuringBreaks, string> = {
  lower: 'Lower the music',
  pause: 'Pause the music',
  keep: 'Keep playing',
};

const isDuringBreaks = (value: string): value is DuringBreaks =>
  (DURING_BREAKS as readonly string[]).includes(value);

/**
 * What the focus timer's breaks do to the music, and its chime at each phase change. A
 * shell before contract 1.5 has neither: its preferences leave them out, and so does this.
 */
export function BreakPreferences({ preferences }: { preferences: PreferencesStore }) {
  const current = useObservable(preferences.preferences$, DEFAULT_PREFERENCES);
  const breaksLabelId = useId();
  const { duringBreaks, focusChime } = current;
  if (duringBreaks === undefined && focusChime === undefined) return null;
  return (
    <Paper sx={{ px: 2, py: 1.5 }}>
      <Typography component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Focus timer
      </Typography>
      {duringBreaks !== undefined && (
        <FormControl>
          <FormLabel id={breaksLabelId}>During breaks</FormLabel>
          <RadioGroup
            aria-labelledby={breaksLabelId}
            value={duringBreaks}
            onChange={(event) => {
              if (isDuringBreaks(event.target.value)) {
                preferences.set({ duringBreaks: event.target.value });
              }
            }}
          >
            {DURING_BREAKS.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={DURING_BREAKS_LABELS[value]}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      {focusChime !== undefined && (
        <FormControlLabel
          sx={{ display: 'flex', mt: 1 }}
          label="Chime at each phase change"
          control={
            <Switch
              checked={focusChime}
              onChange={(_event, checked) => preferences.set({ focusChime: checked })}
            />
          }
        />
      )}
    </Paper>
  );
}

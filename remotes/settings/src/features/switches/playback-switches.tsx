import { Box, Paper, Slider, Typography } from '@loofi/ui-kit/base';
import { FormControlLabel, FormGroup, Switch } from '@loofi/ui-kit';
import { useState } from 'react';
import { CROSSFADE_MAX_SECONDS, DEFAULT_PREFERENCES } from '@loofi/contracts';
import type { Preferences, PreferencesStore } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

type SwitchKey = keyof Pick<Preferences, 'resume' | 'autoPlay' | 'normalize'>;

/**
 * SPEC §2's two switches, worded exactly so, and 'Normalise volume' (loofi's own); the
 * host's player acts on them.
 */
const SWITCHES: readonly { key: SwitchKey; label: string }[] = [
  { key: 'resume', label: 'Continue where you left off' },
  { key: 'autoPlay', label: 'Automatically play another music' },
  { key: 'normalize', label: 'Normalise volume' },
];

const CROSSFADE_LABEL_ID = 'crossfade-label';

/** How a crossfade length reads, to the eye and to a screen reader. */
export function describeCrossfade(seconds: number): string {
  if (seconds === 0) return 'Off (gapless)';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * A shell of contract 1.0 knows neither the crossfade nor the normalisation: its
 * preferences leave them out, and so does this panel rather than offer what nothing does.
 */
export function PlaybackSwitches({ preferences }: { preferences: PreferencesStore }) {
  const current = useObservable(preferences.preferences$, DEFAULT_PREFERENCES);
  // While the thumb is dragged the label follows it; the choice is stored once let go.
  const [dragged, setDragged] = useState<number | null>(null);
  const crossfade = dragged ?? current.crossfade;
  return (
    <Paper sx={{ px: 2, py: 1 }}>
      <FormGroup>
        {SWITCHES.filter(({ key }) => typeof current[key] === 'boolean').map(({ key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Switch
                checked={current[key] === true}
                onChange={(_event, checked) => preferences.set({ [key]: checked })}
              />
            }
          />
        ))}
      </FormGroup>
      {crossfade !== undefined && (
        <Box sx={{ py: 1 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography id={CROSSFADE_LABEL_ID}>Crossfade</Typography>
            {/* The slider says it too, as its value text. */}
            <Typography aria-hidden color="text.secondary">
              {describeCrossfade(crossfade)}
            </Typography>
          </Box>
          <Slider
            aria-labelledby={CROSSFADE_LABEL_ID}
            min={0}
            max={CROSSFADE_MAX_SECONDS}
            step={1}
            marks={[
              { value: 0, label: 'Gapless' },
              { value: CROSSFADE_MAX_SECONDS, label: `${CROSSFADE_MAX_SECONDS} s` },
            ]}
            value={crossfade}
            getAriaValueText={describeCrossfade}
            onChange={(_event, value) => setDragged(value)}
            onChangeCommitted={(_event, value) => {
              setDragged(null);
              preferences.set({ crossfade: value });
            }}
            sx={{
              mx: 1,
              width: 'calc(100% - 16px)',
              // The end marks' labels start and end with the slider, inside the card, rather
              // than centred on the mark and half outside it.
              '& .MuiSlider-markLabel[data-index="0"]': { transform: 'none' },
              '& .MuiSlider-markLabel[data-index="1"]': { transform: 'translateX(-100%)' },
            }}
          />
        </Box>
      )}
    </Paper>
  );
}

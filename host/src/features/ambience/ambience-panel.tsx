import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { MAX_MIX_NAME, MAX_SAVED_MIXES } from '@loofi/backend';
import { useObservable, usePhoneLayout } from '@loofi/ui';
import type { FullKit } from '../full-kit/full-kit';
import { DEFAULT_AMBIENCE, LAYERS, PRESETS } from './ambience-mix';
import type { LayerLevels } from './ambience-mix';
import { mixInUse } from './start-ambience';
import type { Ambience, MixNameProblem } from './start-ambience';

// The ambience's code comes with its panel, in one chunk fetched on first use.
export { startAmbience } from './start-ambience';
export { localAmbienceStore } from './ambience-store';
export { followedAmbienceStore } from './followed-ambience-store';

export interface AmbiencePanelProps {
  id: string;
  kit: FullKit;
  ambience: Ambience;
  onClose(): void;
}

const FULL = `${MAX_SAVED_MIXES} mixes saved, the most kept: delete one to save another.`;

const PROBLEMS: Record<Exclude<MixNameProblem, null>, string> = {
  empty: 'Give the mix a name.',
  taken: 'Another mix has this name.',
  full: FULL,
};

// The backend keeps names this long; the field takes no more.
const NAME_INPUT = { htmlInput: { maxLength: MAX_MIX_NAME } };

/**
 * The Ambience panel: a slider per layer, the Ambience volume, Play or Pause, "Lower with
 * breaks", the presets and the owner's saved mixes (save, rename, delete).
 */
export function AmbiencePanel({ id, kit, ambience, onClose }: AmbiencePanelProps) {
  const { Box, Button, Dialog, DialogContent, DialogTitle, FormControlLabel, IconButton } = kit;
  const { Stack, Switch, TextField, Typography } = kit;
  const phone = usePhoneLayout();
  const settings = useObservable(ambience.settings$, DEFAULT_AMBIENCE);
  const playing = useObservable(ambience.playing$, false);
  const [name, setName] = useState('');
  const [saveProblem, setSaveProblem] = useState<MixNameProblem>(null);
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [renameProblem, setRenameProblem] = useState<MixNameProblem>(null);
  const inUse = mixInUse(settings);
  const full = settings.saved.length >= MAX_SAVED_MIXES;
  // "Full" lasts only as long as it holds: a mix deleted since makes room.
  const shownProblem = saveProblem === 'full' && !full ? null : saveProblem;
  const titleId = `${id}-title`;
  const mixesId = `${id}-mixes`;

  const row = (label: string, labelId: string, control: ReactNode) => (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography id={labelId} variant="body2" sx={{ width: 112, flexShrink: 0 }}>
        {label}
      </Typography>
      {control}
    </Stack>
  );
  const mixButton = (mix: { name: string; levels: LayerLevels }) => (
    <Button
      variant={inUse === mix.name ? 'contained' : 'outlined'}
      aria-pressed={inUse === mix.name}
      onClick={() => ambience.useMix(mix.levels)}
      sx={{ textTransform: 'none' }}
    >
      {mix.name}
    </Button>
  );

  return (
    <Dialog
      id={id}
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          Ambience
        </Box>
        <IconButton aria-label="Close ambience" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Box>
            <Button
              variant="contained"
              startIcon={playing ? <PauseIcon /> : <PlayArrowIcon />}
              onClick={() => (playing ? ambience.pause() : ambience.play())}
            >
              {playing ? 'Pause ambience' : 'Play ambience'}
            </Button>
          </Box>
          {LAYERS.map((layer) => (
            <LayerSlider
              key={layer.id}
              kit={kit}
              id={`${id}-${layer.id}`}
              name={layer.name}
              value={settings.mix.levels[layer.id]}
              onChange={(value) => ambience.setLevel(layer.id, value)}
              row={row}
            />
          ))}
          <LayerSlider
            kit={kit}
            id={`${id}-master`}
            name="Ambience volume"
            value={settings.mix.master}
            onChange={(value) => ambience.setMaster(value)}
            row={row}
          />
          <FormControlLabel
            control={
              <Switch
                checked={settings.lowerWithBreaks}
                onChange={(_, checked) => ambience.setLowerWithBreaks(checked)}
              />
            }
            label="Lower with breaks"
          />

          <Box component="section" aria-labelledby={mixesId}>
            <Typography id={mixesId} variant="overline" component="h3" color="text.secondary">
              Mixes
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {PRESETS.map((preset) => (
                <Box key={preset.name}>{mixButton(preset)}</Box>
              ))}
            </Stack>
            {settings.saved.length > 0 && (
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mt: 1.5, mb: 0 }}>
                {settings.saved.map((mix) => (
                  <Stack
                    component="li"
                    key={mix.name}
                    direction="row"
                    spacing={0.5}
                    sx={{ alignItems: 'center' }}
                  >
                    {renaming?.from === mix.name ? (
                      <Box
                        component="form"
                        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flex: 1 }}
                        onSubmit={(event) => {
                          event.preventDefault();
                          const problem = ambience.renameMix(mix.name, renaming.to);
                          setRenameProblem(problem);
                          if (!problem) setRenaming(null);
                        }}
                      >
                        <TextField
                          size="small"
                          label={`New name for ${mix.name}`}
                          value={renaming.to}
                          autoFocus
                          error={renameProblem !== null}
                          helperText={renameProblem ? PROBLEMS[renameProblem] : undefined}
                          slotProps={NAME_INPUT}
                          onChange={(event) => setRenaming({ ...renaming, to: event.target.value })}
                          sx={{ flex: 1, minWidth: 0 }}
                        />
                        <Button type="submit">Rename</Button>
                        <Button onClick={() => setRenaming(null)}>Cancel</Button>
                      </Box>
                    ) : (
                      <>
                        <Box sx={{ flex: 1, minWidth: 0 }}>{mixButton(mix)}</Box>
                        <IconButton
                          aria-label={`Rename ${mix.name}`}
                          onClick={() => {
                            setRenameProblem(null);
                            setRenaming({ from: mix.name, to: mix.name });
                          }}
                        >
                          <EditIcon />
                        </IconButton>
                        <IconButton
                          aria-label={`Delete ${mix.name}`}
                          onClick={() => ambience.deleteMix(mix.name)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </>
                    )}
                  </Stack>
                ))}
              </Stack>
            )}
            <Box
              component="form"
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 2 }}
              onSubmit={(event) => {
                event.preventDefault();
                const problem = ambience.saveMix(name);
                setSaveProblem(problem);
                if (!problem) setName('');
              }}
            >
              <TextField
                size="small"
                label="Mix name"
                value={name}
                error={shownProblem !== null}
                helperText={shownProblem ? PROBLEMS[shownProblem] : full ? FULL : undefined}
                slotProps={NAME_INPUT}
                onChange={(event) => setName(event.target.value)}
                sx={{ flex: 1, minWidth: 0 }}
              />
              <Button type="submit" variant="outlined">
                Save mix
              </Button>
            </Box>
          </Box>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

function LayerSlider({
  kit: { Slider },
  id,
  name,
  value,
  onChange,
  row,
}: {
  kit: FullKit;
  id: string;
  name: string;
  value: number;
  onChange(value: number): void;
  row(label: string, labelId: string, control: ReactNode): ReactNode;
}) {
  const labelId = useId();
  return row(
    name,
    labelId,
    <Slider
      id={id}
      size="small"
      aria-labelledby={labelId}
      min={0}
      max={100}
      step={1}
      value={value}
      onChange={(_, next) => onChange(next as number)}
    />,
  );
}

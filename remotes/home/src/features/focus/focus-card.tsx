import { Box, Button, Card, CardContent, Slider, Stack, Typography } from '@loofi/ui-kit/base';
import { useLayoutEffect, useRef, useState } from 'react';
import type { FocusEvent, RefObject } from 'react';
import { FOCUS_PRESETS, formatFocusLeft, PHASE_MINUTES } from '@loofi/contracts';
import type { FocusPlan, FocusState, PlayerBus } from '@loofi/contracts';
import { acceptsCommand } from '@loofi/contracts/player';
import { useFocusLeft } from '@loofi/ui';

/** A custom plan's first lengths, and its long break: three breaks' worth, at most 30 minutes. */
const CUSTOM_START: FocusPlan = { focus: 40, break: 8, longBreak: 24 };
const longBreakFor = (breakMinutes: number) =>
  Math.min(PHASE_MINUTES.max, Math.max(breakMinutes, Math.min(30, breakMinutes * 3)));

/** "25 / 5 minutes": the visible "25 / 5", and what it counts. */
const presetName = (plan: FocusPlan) => `${plan.focus} / ${plan.break} minutes`;

/**
 * Home's Focus card: a plan (25 / 5, 50 / 10, 90 / 20, or custom lengths) and Start focus;
 * while a session runs, its phase, block and time left, with Pause focus or Resume focus,
 * Skip and Stop focus. The shell runs the timer (its player bus, contract 1.4); under a shell
 * without one the card is not shown.
 */
export function FocusCard({ player }: { player: PlayerBus }) {
  const { focus, seconds } = useFocusLeft(player);
  const { primary, cardProps } = useKeptFocus(focus !== null);
  if (!acceptsCommand(player, 'focusStart')) return null;
  return (
    <Card
      component="section"
      aria-labelledby="focus-card-title"
      sx={{ maxWidth: 420 }}
      {...cardProps}
    >
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="focus-card-title" variant="h6" component="h2">
            Focus
          </Typography>
          {focus ? (
            <RunningFocus player={player} focus={focus} seconds={seconds} primary={primary} />
          ) : (
            <FocusPlanPicker player={player} primary={primary} />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Start focus and Stop focus leave with the view they are in: the focus they held goes to
 * the new view's first action (Pause focus; Start focus) rather than to the page's body,
 * where a keyboard or screen reader would lose its place. A session started or stopped
 * elsewhere (another device) moves no focus.
 */
function useKeptFocus(running: boolean): {
  primary: RefObject<HTMLButtonElement | null>;
  cardProps: { onFocus(): void; onBlur(event: FocusEvent<HTMLElement>): void };
} {
  const primary = useRef<HTMLButtonElement>(null);
  /** The focus is in the card, or was when its element left the page. */
  const held = useRef(false);
  const last = useRef(running);
  useLayoutEffect(() => {
    if (last.current === running) return;
    last.current = running;
    const focused = document.activeElement;
    if (held.current && (focused === null || focused === document.body)) primary.current?.focus();
  }, [running]);
  return {
    primary,
    cardProps: {
      onFocus: () => (held.current = true),
      // Once the blur has settled: the owner took the focus out of the card (to another
      // control or the page's background) if what held it is still on the page and nothing
      // in the card holds it now; a button removed with its view leaves it held.
      onBlur: (event) => {
        const card = event.currentTarget;
        const left = event.target;
        queueMicrotask(() => {
          if (left.isConnected && !card.contains(document.activeElement)) held.current = false;
        });
      },
    },
  };
}

interface ViewProps {
  player: PlayerBus;
  /** The view's first action, which takes the focus when the view before it held it. */
  primary: RefObject<HTMLButtonElement | null>;
}

function FocusPlanPicker({ player, primary }: ViewProps) {
  const [chosen, setChosen] = useState<FocusPlan | 'custom'>(FOCUS_PRESETS[0]!);
  const [custom, setCustom] = useState(CUSTOM_START);
  const plan = chosen === 'custom' ? custom : chosen;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {FOCUS_PRESETS.map((preset) => (
          <Button
            key={preset.focus}
            variant={chosen === preset ? 'contained' : 'outlined'}
            aria-pressed={chosen === preset}
            aria-label={presetName(preset)}
            onClick={() => setChosen(preset)}
            sx={{ minHeight: 44 }}
          >
            {preset.focus} / {preset.break}
          </Button>
        ))}
        <Button
          variant={chosen === 'custom' ? 'contained' : 'outlined'}
          aria-pressed={chosen === 'custom'}
          onClick={() => setChosen('custom')}
          sx={{ minHeight: 44 }}
        >
          Custom
        </Button>
      </Stack>
      {chosen === 'custom' && (
        <Box>
          <MinutesSlider
            label="Focus minutes"
            value={custom.focus}
            min={5}
            max={PHASE_MINUTES.max}
            onChange={(minutes) => setCustom({ ...custom, focus: minutes })}
          />
          <MinutesSlider
            label="Break minutes"
            value={custom.break}
            min={PHASE_MINUTES.min}
            max={60}
            onChange={(minutes) =>
              setCustom({ ...custom, break: minutes, longBreak: longBreakFor(minutes) })
            }
          />
        </Box>
      )}
      <Box>
        <Button
          ref={primary}
          variant="contained"
          onClick={() => player.dispatch({ type: 'focusStart', plan })}
          sx={{ minHeight: 44 }}
        >
          Start focus
        </Button>
      </Box>
    </>
  );
}

function MinutesSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(minutes: number): void;
}) {
  const { label, value, min, max, onChange } = props;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" sx={{ minWidth: 120 }}>
        {label}: {value}
      </Typography>
      <Slider
        aria-label={label}
        min={min}
        max={max}
        step={1}
        value={value}
        getAriaValueText={(minutes) => `${minutes} minutes`}
        onChange={(_, minutes) => onChange(minutes as number)}
      />
    </Stack>
  );
}

function RunningFocus({
  player,
  focus,
  seconds,
  primary,
}: ViewProps & { focus: FocusState; seconds: number }) {
  const paused = focus.endsAt === null;
  const phase = focus.phase === 'focus' ? 'Focus' : focus.long ? 'Long break' : 'Break';
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography sx={{ color: 'text.secondary' }}>
          {phase} · Block {focus.block}
          {paused ? ' · Paused' : ''}
        </Typography>
        <Typography
          role="timer"
          aria-label={`${phase}: ${formatFocusLeft(seconds * 1000)} left`}
          variant="h4"
          component="span"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatFocusLeft(seconds * 1000)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          ref={primary}
          variant="contained"
          onClick={() => player.dispatch({ type: paused ? 'focusResume' : 'focusPause' })}
          sx={{ minHeight: 44 }}
        >
          {paused ? 'Resume focus' : 'Pause focus'}
        </Button>
        <Button
          variant="outlined"
          onClick={() => player.dispatch({ type: 'focusSkip' })}
          sx={{ minHeight: 44 }}
        >
          Skip
        </Button>
        <Button
          variant="outlined"
          onClick={() => player.dispatch({ type: 'focusStop' })}
          sx={{ minHeight: 44 }}
        >
          Stop focus
        </Button>
      </Stack>
    </>
  );
}

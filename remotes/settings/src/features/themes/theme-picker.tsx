import { Box, Typography } from '@loofi/ui-kit/base';
import { Accordion, AccordionDetails, AccordionSummary, ToggleButton } from '@loofi/ui-kit';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { useId } from 'react';
import { DEFAULT_PREFERENCES, THEME_TYPES } from '@loofi/contracts';
import type { PreferencesStore, ThemeType } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';
import type { ThemeImages } from './theme-images';
import { themeOf } from './theme-urls';

const PREVIEW_WIDTH = 160;
const PREVIEW_HEIGHT = 90;

function Preview({ image }: { image: string | false }) {
  const sx = { display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9' };
  if (image === false) {
    // Default has no picture: the plain dashboard colour stands for it.
    return <Box sx={{ ...sx, bgcolor: 'background.default', borderRadius: 1 }} />;
  }
  return (
    <Box
      component="img"
      src={image}
      alt=""
      loading="lazy"
      decoding="async"
      width={PREVIEW_WIDTH}
      height={PREVIEW_HEIGHT}
      sx={{ ...sx, objectFit: 'cover', borderRadius: 1 }}
    />
  );
}

/** SPEC §2: the Themes accordion; each button sets the shell's backdrop, Default clears it. */
export function ThemePicker({
  preferences,
  images,
}: {
  preferences: PreferencesStore;
  images: ThemeImages;
}) {
  const id = useId();
  const { theme } = useObservable(preferences.preferences$, DEFAULT_PREFERENCES);
  const choose = (type: ThemeType) => preferences.set({ theme: themeOf(type, images) });

  return (
    // Its heading follows the page's h1 (MUI wraps the summary in an h3 by default).
    <Accordion slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        id={`${id}-summary`}
        aria-controls={`${id}-details`}
      >
        <Typography component="span" sx={{ fontWeight: 600 }}>
          Themes
        </Typography>
        {/* The buttons say which one is pressed; this is a reminder for the eye only. */}
        <Typography
          component="span"
          aria-hidden
          sx={{ ml: 'auto', pl: 2, mr: 1, color: 'text.secondary' }}
        >
          {theme.type}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(auto-fill, minmax(${PREVIEW_WIDTH - 20}px, 1fr))`,
            gap: 1.5,
          }}
        >
          {THEME_TYPES.map((type) => (
            <ToggleButton
              key={type}
              value={type}
              selected={theme.type === type}
              onClick={() => choose(type)}
              sx={{
                flexDirection: 'column',
                alignItems: 'stretch',
                gap: 1,
                p: 1,
                textTransform: 'none',
                '&.Mui-selected': { borderColor: 'primary.main' },
              }}
            >
              <Preview image={themeOf(type, images).image} />
              <span>{type}</span>
            </ToggleButton>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

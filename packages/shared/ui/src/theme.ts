import { createTheme } from '@loofi/ui-kit/base';
import { TOOLTIP_ENTER_DELAY_MS } from './timings';

/** A finger, not a mouse: every control is at least 44 × 44 px (WCAG 2.5.5). */
const TOUCH = '@media (pointer: coarse)';
const FINGER = 44;
/** A screen with little height: a phone on its side. */
const SHORT = '@media (max-height: 500px)';
/** A light veil over a pressed control's own background. */
const PRESSED = 'linear-gradient(rgba(255, 255, 255, 0.12), rgba(255, 255, 255, 0.12))';

/**
 * The height of the shell's chrome along the bottom of the screen (the player, and on a
 * phone the tabs), which the host keeps on the root element. A notice anchored at the
 * bottom sits above it rather than over those controls; on a page without the shell (a
 * remote's own page) it is 0.
 */
export const BOTTOM_CHROME_PROPERTY = '--loofi-bottom-chrome';
/** A `bottom` `gap` px above the shell's bottom chrome (the screen's edge without the shell). */
export const aboveBottomChrome = (gap: number) =>
  `calc(var(${BOTTOM_CHROME_PROPERTY}, 0px) + ${gap}px)`;

/** The one MUI theme of loofi: the host and every standalone harness use it. */
export const loofiTheme = createTheme({
  palette: {
    mode: 'dark',
    // 5.2:1 on a dialog's raised background (WCAG AA asks 4.5:1); #b39ddb gave 4.19:1.
    primary: { main: '#c4b3e6' },
    secondary: { main: '#80cbc4' },
    background: { default: '#14121a', paper: '#1e1b26' },
  },
  shape: { borderRadius: 10 },
  components: {
    // Every snackbar at the bottom (a tab's notices, Undo) keeps MUI's gaps, from the top
    // of the shell's bottom chrome rather than from the screen's edge.
    MuiSnackbar: {
      styleOverrides: {
        root: ({ ownerState, theme }) =>
          ownerState.anchorOrigin?.vertical === 'bottom'
            ? {
                bottom: aboveBottomChrome(8),
                [theme.breakpoints.up('sm')]: { bottom: aboveBottomChrome(24) },
              }
            : {},
      },
    },
    // A notice that quotes a name of one long word wraps it rather than running off screen.
    MuiAlert: { styleOverrides: { message: { overflowWrap: 'anywhere' } } },
    // On a short screen a dialog takes nearly all the height: its title and actions stay in
    // sight, its body scrolls between them.
    MuiDialog: {
      styleOverrides: {
        paper: ({ ownerState }) =>
          ownerState.fullScreen ? {} : { [SHORT]: { margin: 8, maxHeight: 'calc(100% - 16px)' } },
      },
    },
    // MUI's translucent grey let light backdrops show through: white text fell under 4.5:1.
    // SPEC §9: every tooltip opens after 500 ms, set here once for the whole product.
    MuiTooltip: {
      defaultProps: { enterDelay: TOOLTIP_ENTER_DELAY_MS },
      styleOverrides: { tooltip: { backgroundColor: '#3b3547', color: '#ffffff' } },
    },
    // A keyboard's focus is a solid ring in the primary colour on every button-like control
    // (cards, theme choices, switches, tabs), drawn inside so no scroller clips it.
    // No ripple: mounting one is React work and new styles in the very frame that answers a
    // press (at a phone's CPU, 15–30 ms of each press). A pressed control is lit by CSS
    // instead, over whatever background it has.
    MuiButtonBase: {
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: ({ theme }) => ({
          '&.Mui-focusVisible': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: -2,
          },
          '&:active': { backgroundImage: PRESSED },
        }),
      },
    },
    MuiButton: { styleOverrides: { root: { [TOUCH]: { minHeight: FINGER } } } },
    MuiIconButton: {
      styleOverrides: { root: { [TOUCH]: { minWidth: FINGER, minHeight: FINGER } } },
    },
    MuiCheckbox: { styleOverrides: { root: { [TOUCH]: { minWidth: FINGER, minHeight: FINGER } } } },
    MuiRadio: { styleOverrides: { root: { [TOUCH]: { minWidth: FINGER, minHeight: FINGER } } } },
    // The whole outline of a field takes the tap to its input.
    MuiInputBase: { styleOverrides: { root: { [TOUCH]: { minHeight: FINGER } } } },
    // MUI pads a slider's rail 20 px above and below for a finger; a small one stayed at 42.
    MuiSlider: { styleOverrides: { root: { [TOUCH]: { paddingTop: 21, paddingBottom: 21 } } } },
    MuiTableSortLabel: { styleOverrides: { root: { [TOUCH]: { minHeight: FINGER } } } },
    MuiListItemButton: { styleOverrides: { root: { [TOUCH]: { minHeight: FINGER } } } },
    MuiMenuItem: { styleOverrides: { root: { [TOUCH]: { minHeight: FINGER } } } },
    // The same switch, 6 px taller and wider: the thumb's button reaches 44 px.
    MuiSwitch: {
      styleOverrides: {
        root: { [TOUCH]: { width: 64, height: FINGER, padding: 15 } },
        switchBase: { [TOUCH]: { padding: 12 } },
      },
    },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});

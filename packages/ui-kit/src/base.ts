/**
 * The first-paint kit: the MUI pieces the sign-in page, the theme and most screens use.
 * The host bundles it into its first script and shares it eagerly, so /auth needs no other
 * request for its UI and a remote that uses only these never waits for the full kit.
 */
export { default as Alert } from '@mui/material/Alert';
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as CircularProgress } from '@mui/material/CircularProgress';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as IconButton } from '@mui/material/IconButton';
export { default as Paper } from '@mui/material/Paper';
export { default as Slide } from '@mui/material/Slide';
export { default as Snackbar } from '@mui/material/Snackbar';
export { default as Stack } from '@mui/material/Stack';
export { default as Typography } from '@mui/material/Typography';
export { ThemeProvider, createTheme } from '@mui/material/styles';
export { default as visuallyHidden } from '@mui/utils/visuallyHidden';
export type { SlideProps } from '@mui/material/Slide';
export type { SxProps, Theme } from '@mui/material/styles';

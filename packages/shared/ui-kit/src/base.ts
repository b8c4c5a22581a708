/**
 * The shell kit: the MUI pieces of the sign-in page, the shell, the theme and the Home tab.
 * The host's first script carries only what the sign-in page uses (the build tree-shakes
 * the rest into the dashboard's chunk); once signed in, the host provides this whole module
 * at once, so the shell and Home never wait for the full kit. Music and Settings, which need
 * dialogs, tables and forms, take those from the full kit (`@loofi/ui-kit`).
 */
export { default as Alert } from '@mui/material/Alert';
export { default as AlertTitle } from '@mui/material/AlertTitle';
export { default as AppBar } from '@mui/material/AppBar';
export { default as Avatar } from '@mui/material/Avatar';
export { default as Box } from '@mui/material/Box';
export { default as Button } from '@mui/material/Button';
export { default as Card } from '@mui/material/Card';
export { default as CardActionArea } from '@mui/material/CardActionArea';
export { default as CardContent } from '@mui/material/CardContent';
export { default as CircularProgress } from '@mui/material/CircularProgress';
export { default as CssBaseline } from '@mui/material/CssBaseline';
export { default as IconButton } from '@mui/material/IconButton';
export { default as Paper } from '@mui/material/Paper';
export { default as Slide } from '@mui/material/Slide';
export { default as Slider } from '@mui/material/Slider';
export { default as Snackbar } from '@mui/material/Snackbar';
export { default as Stack } from '@mui/material/Stack';
export { default as Tab } from '@mui/material/Tab';
export { default as Tabs } from '@mui/material/Tabs';
export { default as Toolbar } from '@mui/material/Toolbar';
export { default as Tooltip } from '@mui/material/Tooltip';
export { default as Typography } from '@mui/material/Typography';
export { ThemeProvider, createTheme } from '@mui/material/styles';
export { default as visuallyHidden } from '@mui/utils/visuallyHidden';
export type { SlideProps } from '@mui/material/Slide';
export type { SxProps, Theme } from '@mui/material/styles';

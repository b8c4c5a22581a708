/**
 * The whole kit: every MUI component loofi uses (the shell kit's and the rest), shared by
 * the host as one singleton module fetched the first time a remote asks for it, so a remote
 * downloads no MUI code of its own and every MUI module (and React context) exists once on
 * the composed site. Add a component here before using it; one the shell or Home needs goes
 * into ./base instead, and is imported from there.
 */
export {
  Alert,
  AlertTitle,
  AppBar,
  Avatar,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  CircularProgress,
  CssBaseline,
  IconButton,
  Paper,
  Slide,
  Slider,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  Toolbar,
  Tooltip,
  Typography,
  ThemeProvider,
  createTheme,
  visuallyHidden,
} from './base';
export type { SlideProps, SxProps, Theme } from './base';
export { default as Accordion } from '@mui/material/Accordion';
export { default as AccordionDetails } from '@mui/material/AccordionDetails';
export { default as AccordionSummary } from '@mui/material/AccordionSummary';
export { default as Checkbox } from '@mui/material/Checkbox';
export { default as Dialog } from '@mui/material/Dialog';
export { default as DialogActions } from '@mui/material/DialogActions';
export { default as DialogContent } from '@mui/material/DialogContent';
export { default as DialogContentText } from '@mui/material/DialogContentText';
export { default as DialogTitle } from '@mui/material/DialogTitle';
export { default as FormControl } from '@mui/material/FormControl';
export { default as FormControlLabel } from '@mui/material/FormControlLabel';
export { default as FormGroup } from '@mui/material/FormGroup';
export { default as FormLabel } from '@mui/material/FormLabel';
export { default as InputAdornment } from '@mui/material/InputAdornment';
export { default as LinearProgress } from '@mui/material/LinearProgress';
export { default as List } from '@mui/material/List';
export { default as ListItem } from '@mui/material/ListItem';
export { default as ListItemAvatar } from '@mui/material/ListItemAvatar';
export { default as ListItemButton } from '@mui/material/ListItemButton';
export { default as ListItemIcon } from '@mui/material/ListItemIcon';
export { default as ListItemText } from '@mui/material/ListItemText';
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
export { default as Radio } from '@mui/material/Radio';
export { default as RadioGroup } from '@mui/material/RadioGroup';
export { default as Skeleton } from '@mui/material/Skeleton';
export { default as Switch } from '@mui/material/Switch';
export { default as Table } from '@mui/material/Table';
export { default as TableBody } from '@mui/material/TableBody';
export { default as TableCell } from '@mui/material/TableCell';
export { default as TableContainer } from '@mui/material/TableContainer';
export { default as TableHead } from '@mui/material/TableHead';
export { default as TablePagination } from '@mui/material/TablePagination';
export { default as TableRow } from '@mui/material/TableRow';
export { default as TableSortLabel } from '@mui/material/TableSortLabel';
export { default as TextField } from '@mui/material/TextField';
export { default as ToggleButton } from '@mui/material/ToggleButton';

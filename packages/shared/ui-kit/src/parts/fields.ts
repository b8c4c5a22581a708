// A part of the full kit (../index.ts), by weight: the form fields. The host evaluates the
// kit in parts, a task each (host/src/features/full-kit), rather than all in one long task.
export { default as Checkbox } from '@mui/material/Checkbox';
export { default as FormControlLabel } from '@mui/material/FormControlLabel';
export { default as InputAdornment } from '@mui/material/InputAdornment';
export { default as RadioGroup } from '@mui/material/RadioGroup';
export { default as Radio } from '@mui/material/Radio';
export { default as Switch } from '@mui/material/Switch';
export { default as TextField } from '@mui/material/TextField';
export { default as ToggleButton } from '@mui/material/ToggleButton';

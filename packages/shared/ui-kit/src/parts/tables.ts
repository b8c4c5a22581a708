// A part of the full kit (../index.ts), by weight: tables, lists and their pagination.
// See ./fields.ts.
export { default as List } from '@mui/material/List';
export { default as ListItem } from '@mui/material/ListItem';
export { default as ListItemButton } from '@mui/material/ListItemButton';
export { default as ListItemText } from '@mui/material/ListItemText';
export { default as Table } from '@mui/material/Table';
export { default as TableBody } from '@mui/material/TableBody';
export { default as TableCell } from '@mui/material/TableCell';
export { default as TableContainer } from '@mui/material/TableContainer';
export { default as TableHead } from '@mui/material/TableHead';
export { default as TablePagination } from '@mui/material/TablePagination';
export { default as TableRow } from '@mui/material/TableRow';
export { default as TableSortLabel } from '@mui/material/TableSortLabel';

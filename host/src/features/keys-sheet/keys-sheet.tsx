import { Fragment, useId } from 'react';
import { usePhoneLayout } from '@loofi/ui';
import type { FullKit } from '../full-kit/full-kit';
import { keysOf, SHORTCUT_GROUPS, spokenKeys } from './shortcuts';
import type { ShortcutGroup } from './shortcuts';

const KEY_CAP = {
  display: 'inline-block',
  minWidth: '1.75em',
  px: 0.75,
  py: 0.25,
  border: 1,
  borderColor: 'divider',
  borderBottomWidth: 2,
  borderRadius: 1,
  fontFamily: 'inherit',
  fontSize: '0.8125rem',
  textAlign: 'center',
} as const;

/** The sheet of every keyboard shortcut: '?' or the account menu's Keyboard shortcuts. */
export function KeysSheet({
  kit,
  open,
  onClose,
}: {
  kit: FullKit;
  open: boolean;
  onClose(): void;
}) {
  const { Button, Dialog, DialogActions, DialogContent, DialogTitle } = kit;
  const titleId = useId();
  const phone = usePhoneLayout();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Keyboard shortcuts</DialogTitle>
      {/* A list longer than the window scrolls: from the keyboard too. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Shortcuts">
        {SHORTCUT_GROUPS.map((group) => (
          <ShortcutTable key={group.name} kit={kit} group={group} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function ShortcutTable({ kit, group }: { kit: FullKit; group: ShortcutGroup }) {
  const { Box, Table, TableBody, TableCell, TableRow, Typography, visuallyHidden } = kit;
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ '& + &': { mt: 2 } }}>
      <Typography id={headingId} component="h3" variant="subtitle2">
        {group.name}
      </Typography>
      {group.where && (
        <Typography variant="body2" color="text.secondary">
          {group.where}
        </Typography>
      )}
      <Table size="small" aria-labelledby={headingId}>
        <TableBody>
          {group.shortcuts.map(({ press, does }) => (
            <TableRow key={does}>
              <TableCell component="th" scope="row" sx={{ width: '40%', whiteSpace: 'nowrap' }}>
                <Box component="span" sx={visuallyHidden}>
                  {spokenKeys(press)}
                </Box>
                <Box component="span" aria-hidden>
                  {keysOf(press).map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 && ' + '}
                      <Box component="kbd" sx={KEY_CAP}>
                        {key}
                      </Box>
                    </Fragment>
                  ))}
                </Box>
              </TableCell>
              <TableCell>{does}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

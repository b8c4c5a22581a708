import { Alert, Button, Paper, Stack, Typography } from '@loofi/ui-kit/base';
import { TextField } from '@loofi/ui-kit';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { returnChosenAccount } from '@loofi/backend';

/**
 * The local stand-in for Google's sign-in popup: the owner confirms (or types) an e-mail
 * and it goes back to the window that opened the popup, which checks the whitelist.
 */
export function AccountChooser({
  initialEmail,
  returnAccount = returnChosenAccount,
}: {
  initialEmail: string;
  returnAccount?: (email: string) => boolean;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [orphan, setOrphan] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOrphan(!returnAccount(email.trim()));
  };

  return (
    <Stack
      component="main"
      sx={{ minHeight: '100dvh', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper component="form" onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 380 }}>
        <Stack spacing={3}>
          <Typography variant="h5" component="h1">
            Choose an account
          </Typography>
          <Typography variant="body2" color="text.secondary">
            This local build signs in without Google: continue with an e-mail address.
          </Typography>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoFocus
            fullWidth
          />
          {orphan && (
            <Alert severity="warning">
              This page was not opened by loofi. Use the sign-in button of the dashboard.
            </Alert>
          )}
          <Button type="submit" variant="contained">
            Continue
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

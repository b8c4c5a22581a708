import { Stack, Typography } from '@loofi/ui-kit/base';
import { useId } from 'react';
import type { PublicConfig } from '@loofi/contracts';
import { CopyButton } from './copy-button';
import { HelpfulResources } from './helpful-resources';

function Notice({ title, children }: { title: string; children: string }) {
  const id = useId();
  return (
    <Stack component="section" spacing={0.5} aria-labelledby={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 640 }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** SPEC §2: name and version with a copy button, helpful resources, privacy and licence. */
export function AboutPanel({ config }: { config: PublicConfig }) {
  const id = useId();
  const nameAndVersion = `${config.appName} ${config.version}`;
  return (
    <Stack spacing={3} component="section" aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h2">
        About
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography>{nameAndVersion}</Typography>
        <CopyButton text={nameAndVersion} />
      </Stack>
      <HelpfulResources links={config.links} />
      <Notice title="Privacy Policy">
        {`${config.appName} collects only the information it needs to provide its services: the e-mail address of the Google account you sign in with, and the tracks and preferences you save. When something goes wrong, it logs anonymous, non-personal data (the error message, the page and where in the code it happened) so that bugs and crashes can be found and fixed.`}
      </Notice>
      <Notice title="License">
        {`${config.appName} is open source software, released under the MIT License. Its interface is built with Material UI (MUI), a third-party UI library that is also released under the MIT License.`}
      </Notice>
    </Stack>
  );
}

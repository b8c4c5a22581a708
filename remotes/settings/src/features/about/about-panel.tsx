import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PublicConfig } from '@loofi/shared/contracts';

export function AboutPanel({ config }: { config: PublicConfig }) {
  return (
    <Stack spacing={1} component="section" aria-labelledby="about-heading">
      <Typography id="about-heading" variant="h6" component="h2">
        About
      </Typography>
      <Typography>
        {config.appName} {config.version}
      </Typography>
    </Stack>
  );
}

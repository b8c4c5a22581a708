import { Typography } from '@loofi/ui-kit/base';
import { greetingForHour } from './greeting-for-hour';
import { useLocalHour } from './use-local-hour';

/** The greeting follows the local clock, also across an hour boundary without a reload. */
export function Greeting() {
  return (
    <Typography variant="h4" component="h1">
      {greetingForHour(useLocalHour())}
    </Typography>
  );
}

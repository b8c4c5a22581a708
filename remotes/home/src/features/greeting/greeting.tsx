import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { greetingForHour } from './greeting-for-hour';

/** The greeting follows the local clock, also across an hour boundary without a reload. */
export function Greeting() {
  const [hour, setHour] = useState(() => new Date().getHours());
  useEffect(() => {
    const id = window.setInterval(() => setHour(new Date().getHours()), 60_000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <Typography variant="h4" component="h1">
      {greetingForHour(hour)}
    </Typography>
  );
}

import { useEffect, useState } from 'react';

/**
 * The longest the hour is left unchecked. Timers are not a clock: a suspended laptop or a
 * changed system time can make one fire late or not at the expected moment, so besides
 * waking exactly on the hour the hook also looks at the clock once a minute.
 */
const HOUR_CHECK_INTERVAL_MS = 60_000;

/** Milliseconds from `now` until the next check: the next full local hour, or a minute. */
export function msUntilNextCheck(now: Date): number {
  const nextHour = new Date(now);
  nextHour.setHours(now.getHours() + 1, 0, 0, 0);
  return Math.max(1, Math.min(nextHour.getTime() - now.getTime(), HOUR_CHECK_INTERVAL_MS));
}

/** The local hour (0–23), kept current while the component is mounted. */
export function useLocalHour(): number {
  const [hour, setHour] = useState(() => new Date().getHours());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const now = new Date();
      setHour(now.getHours());
      timer = setTimeout(check, msUntilNextCheck(now));
    };
    timer = setTimeout(check, msUntilNextCheck(new Date()));
    return () => clearTimeout(timer);
  }, []);
  return hour;
}

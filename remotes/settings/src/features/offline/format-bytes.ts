const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;
const ONE_DECIMAL = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/**
 * Bytes as the owner reads a size: '12.4 MB', '830 kB', '1.2 GB' — decimal units, as the
 * browser's and the phone's storage settings count them, one decimal below 100.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return bytes === 1 ? '1 byte' : `${WHOLE.format(bytes)} bytes`;
  let value = bytes / 1000;
  let unit = 0;
  // Rounded to a whole number, 999.6 kB would read '1,000 kB': it is 1 MB.
  while (value >= 999.5 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${(value < 100 ? ONE_DECIMAL : WHOLE).format(value)} ${UNITS[unit]}`;
}

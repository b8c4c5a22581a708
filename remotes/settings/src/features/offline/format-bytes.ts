const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/**
 * The two number formats, made on the first size written rather than when the tab's code
 * is evaluated: a page's first Intl object loads the locale's data (15–20 ms in a page that
 * has none yet), which the tab's first render does not need.
 */
let formats: { oneDecimal: Intl.NumberFormat; whole: Intl.NumberFormat } | null = null;
function numberFormats() {
  formats ??= {
    oneDecimal: new Intl.NumberFormat('en', { maximumFractionDigits: 1 }),
    whole: new Intl.NumberFormat('en', { maximumFractionDigits: 0 }),
  };
  return formats;
}

/**
 * Bytes as the owner reads a size: '12.4 MB', '830 kB', '1.2 GB' — decimal units, as the
 * browser's and the phone's storage settings count them, one decimal below 100.
 */
export function formatBytes(bytes: number): string {
  const { oneDecimal, whole } = numberFormats();
  if (bytes < 1000) return bytes === 1 ? '1 byte' : `${whole.format(bytes)} bytes`;
  let value = bytes / 1000;
  let unit = 0;
  // Rounded to a whole number, 999.6 kB would read '1,000 kB': it is 1 MB.
  while (value >= 999.5 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${(value < 100 ? oneDecimal : whole).format(value)} ${UNITS[unit]}`;
}

/** The median of the values that were measured; null when none was. */
export function median(values: readonly (number | null)[]): number | null {
  const measured = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (measured.length === 0) return null;
  const middle = Math.floor(measured.length / 2);
  return measured.length % 2 === 1
    ? (measured[middle] ?? null)
    : ((measured[middle - 1] ?? 0) + (measured[middle] ?? 0)) / 2;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The fields of a version 3 source map the bench reads. */
export interface RawSourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((character, index) => [character, index]));

/** Decodes one segment of Base64 VLQ numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const character of segment) {
    const digit = DIGIT.get(character);
    if (digit === undefined) throw new Error(`Not a Base64 VLQ digit: ${character}`);
    value += (digit & 31) * 2 ** shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -Math.floor(value / 2) : Math.floor(value / 2));
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * How many characters of the generated code come from each source: every mapped segment
 * owns the code up to the next segment of its line (as source-map-explorer counts).
 * Characters no segment claims are counted under `null`.
 */
export function generatedSizeBySource(code: string, map: RawSourceMap): Map<string | null, number> {
  const sizes = new Map<string | null, number>();
  const add = (source: string | null, size: number) => {
    if (size > 0) sizes.set(source, (sizes.get(source) ?? 0) + size);
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, lineIndex) => {
    const segments = (mappingLines[lineIndex] ?? '').split(',').filter(Boolean);
    let column = 0;
    const starts: { column: number; source: string | null }[] = [];
    for (const segment of segments) {
      const fields = decodeSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1] ?? 0;
        starts.push({ column, source: map.sources[sourceIndex] ?? null });
      } else {
        starts.push({ column, source: null });
      }
    }
    // The newline belongs to nobody in particular; count it with the unmapped code.
    add(null, (starts[0]?.column ?? line.length) + 1);
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.column ?? line.length;
      add(start.source, end - start.column);
    });
  });
  return sizes;
}

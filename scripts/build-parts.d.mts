// The part of build-parts.mjs its test calls.
export type Part = 'node' | 'page' | 'electron'
export function staleParts(
  wanted: readonly Part[],
  recorded: Partial<Record<Part, string>>,
  current: Partial<Record<Part, string>>,
  built: (part: Part) => boolean,
): Part[]

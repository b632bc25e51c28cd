// The parts of build-parts.mjs that TypeScript calls: the test of `npm start --plan`, and the
// check the Vitest `build` project runs before its tests read out/.
export type Part = 'node' | 'page' | 'electron'
export const PARTS: Readonly<Record<Part, { output: string[]; sources: string[] }>>
export function staleParts(
  wanted: readonly Part[],
  recorded: Partial<Record<Part, string>>,
  current: Partial<Record<Part, string>>,
  built: (part: Part) => boolean,
): Part[]
export function sourcesHash(part: Part): string
export function isBuilt(part: Part): boolean
export function recordedStamps(): Partial<Record<Part, string>>

import { useState } from 'react'
import type { BulkField, PlanRow } from '@shared/bulk'

/** About one character of the table's text (and of the monospaced tokens), in em. */
const CHAR_EM = 0.62
const MIN_CHARS = 10
/** A longer value ends in "…" and is shown whole in its cell's title (and copied whole). */
const MAX_CHARS: Partial<Record<BulkField, number>> = { token: 64 }
const DEFAULT_MAX_CHARS = 32

type Longest = Readonly<Record<string, number>>

function grown(longest: Longest, rows: readonly PlanRow[], fields: readonly BulkField[]): Longest {
  let next: Record<string, number> | null = null
  for (const row of rows)
    for (const field of fields) {
      const length = row.values[field]?.length ?? 0
      if (length > ((next ?? longest)[field] ?? 0)) (next ??= { ...longest })[field] = length
    }
  return next ?? longest
}

/**
 * The width of each field's column: its longest value seen so far (or its header), within bounds,
 * so a token reads on one line and in full. A column only grows: rows do not move sideways as
 * pages of them load and unload while the table scrolls.
 */
export function useColumnWidths(
  fields: readonly BulkField[],
  rows: readonly PlanRow[],
  headerChars: (field: BulkField) => number,
): string[] {
  const [longest, setLongest] = useState<Longest>({})
  const next = grown(longest, rows, fields)
  // Adjusted while rendering, as React advises for state that follows props.
  if (next !== longest) setLongest(next)
  return fields.map((field) => {
    const max = MAX_CHARS[field] ?? DEFAULT_MAX_CHARS
    const chars = Math.min(max, Math.max(MIN_CHARS, next[field] ?? 0, headerChars(field)))
    return `${(chars * CHAR_EM + 0.5).toFixed(2)}em`
  })
}

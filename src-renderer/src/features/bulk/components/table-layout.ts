import type { CSSProperties } from 'react'

/** The gap between columns and the padding at each end of a row, as styles/bulk.css has them. */
const GAP_PX = 8
const PADDING_PX = 10

/**
 * Fixed column widths for a grid table whose rows are positioned one by one (virtualized): every
 * row, and the header, is as wide as all its columns, so its background reaches the last column
 * and the header scrolls sideways with the rows in the same box.
 */
export function tableLayout(columns: readonly string[]): { width: string; row: CSSProperties } {
  const gaps = (columns.length - 1) * GAP_PX + 2 * PADDING_PX
  const width = `max(100%, calc(${columns.join(' + ')} + ${gaps}px))`
  return { width, row: { gridTemplateColumns: columns.join(' '), width } }
}

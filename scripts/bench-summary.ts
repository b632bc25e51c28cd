// `npm run bench`, core part: the table of dispatch and raw percentiles, and their ratios (wall
// p50 and p99, CPU over all the calls), one row per measured operation.
import type { Measured } from './bench-measure'

function percentile(sorted: readonly number[], p: number): number {
  // Nearest rank: p99 of 1,000 calls is the 990th fastest.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

export function summary(results: readonly Measured[]): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`
  const ratio = (value: number) => `${value.toFixed(2)}x`
  const rows = results.map((result) => {
    const core = [...result.core].sort((a, b) => a - b)
    const raw = [...result.raw].sort((a, b) => a - b)
    const [core50, core99, raw50, raw99] = [
      percentile(core, 50),
      percentile(core, 99),
      percentile(raw, 50),
      percentile(raw, 99),
    ]
    return [
      result.name,
      String(result.calls),
      ms(core50),
      ms(core99),
      ms(raw50),
      ms(raw99),
      ratio(core50 / raw50),
      ratio(core99 / raw99),
      result.coreCpuMs === undefined || result.rawCpuMs === undefined
        ? '-'
        : ratio(result.coreCpuMs / result.rawCpuMs),
    ]
  })
  const header = [
    'operation',
    'calls',
    'dispatch p50',
    'dispatch p99',
    'raw p50',
    'raw p99',
    'ratio p50',
    'ratio p99',
    'ratio CPU',
  ]
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}

import type { ResultFilter } from '@shared/bulk'

export type RowsShown = 'all' | 'invalid'

export const bulkKeys = {
  all: () => ['bulk'] as const,
  /** A page of a dry run's rows: a plan never changes, so its pages never go stale. */
  rows: (planId: string, only: RowsShown, page: number) =>
    [...bulkKeys.all(), 'rows', planId, only, page] as const,
  /** Every page of a run's rows and their outcome: dropped together when the run moves on. */
  runResults: (runId: string) => [...bulkKeys.all(), 'results', runId] as const,
  /** A page of an ended run's rows and their outcome. */
  results: (runId: string, show: ResultFilter, page: number) =>
    [...bulkKeys.runResults(runId), show, page] as const,
  current: () => [...bulkKeys.all(), 'current'] as const,
  resumable: () => [...bulkKeys.all(), 'resumable'] as const,
}

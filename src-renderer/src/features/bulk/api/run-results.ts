import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import type { ResultFilter } from '@shared/bulk'
import { api, unwrap } from '../../../lib/api'
import { bulkKeys } from './keys'

export const RESULTS_PAGE = 100

/**
 * A page of an ended run's rows, the ones needing attention first. A resumed run keeps its id, so
 * a page is kept only while a screen shows it (gcTime 0): the next screen of the run reads main
 * again. While shown, it is dropped whenever main says the run changed state (useRunProgress).
 */
export function useRunResults(runId: string, show: ResultFilter, page: number) {
  return useQuery(
    queryOptions({
      queryKey: bulkKeys.results(runId, show, page),
      queryFn: () =>
        unwrap(
          api().bulk.results({ runId, show, offset: page * RESULTS_PAGE, limit: RESULTS_PAGE }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      placeholderData: keepPreviousData,
    }),
  )
}

/** A new run of exactly the rows of an ended run that failed or were never sent. */
export function useRerun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:rerun'>) => unwrap(api().bulk.rerun(input)),
  })
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { bulkKeys, type RowsShown } from './keys'

export const ROWS_PAGE = 200

export function planRowsQueryOptions(planId: string, only: RowsShown, page: number) {
  return queryOptions({
    queryKey: bulkKeys.rows(planId, only, page),
    queryFn: () =>
      unwrap(api().bulk.rows({ planId, only, offset: page * ROWS_PAGE, limit: ROWS_PAGE })),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function getAppInfoQueryOptions() {
  return queryOptions({ queryKey: ['app-info'], queryFn: () => unwrap(api().app.info()) })
}

export function useAppInfo() {
  return useQuery(getAppInfoQueryOptions())
}

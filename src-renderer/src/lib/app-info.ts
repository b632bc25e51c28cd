import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from './api'
import { appKeys } from './query-keys'

function getAppInfoQueryOptions() {
  return queryOptions({ queryKey: appKeys.info(), queryFn: () => unwrap(api().app.info()) })
}

export function useAppInfo() {
  return useQuery(getAppInfoQueryOptions())
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function getEnvironmentsQueryOptions() {
  return queryOptions({
    queryKey: ['environments'],
    queryFn: () => unwrap(api().environments.list()),
  })
}

export function useEnvironments() {
  return useQuery(getEnvironmentsQueryOptions())
}

/** The active environment, or undefined while the list loads. */
export function useActiveEnvironment() {
  const { data } = useEnvironments()
  return data?.environments.find((e) => e.id === data.activeId)
}

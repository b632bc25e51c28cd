import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
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

/**
 * Drops every cached answer but the environment list: each environment has its own data. Reset,
 * not removed: a screen showing a query keeps its observer, which a removed query would leave
 * waiting forever if its fetch was under way (it is cancelled); a reset one is fetched again.
 */
export function forgetOtherEnvironment(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== 'environments' })
}

/**
 * Another face on the same data folder (the command line's `env use`, another window) changed
 * the environments: the list is read again, and if the active one changed, every cached answer
 * of the old one is dropped, as a switch made here does.
 */
export function useEnvironmentsFollowDisk() {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      api().on('environments:changed', () => {
        const options = getEnvironmentsQueryOptions()
        const before = queryClient.getQueryData(options.queryKey)?.activeId
        queryClient
          .query({ ...options, staleTime: 0 })
          .then((list) => {
            if (before !== undefined && list.activeId !== before)
              void forgetOtherEnvironment(queryClient)
          })
          .catch(() => undefined)
      }),
    [queryClient],
  )
}

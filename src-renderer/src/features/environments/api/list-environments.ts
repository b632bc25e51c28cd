import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api, unwrap } from '../../../lib/api'
import { environmentKeys } from './keys'
import { forgetOtherEnvironment } from './forget-other-environment'

export function getEnvironmentsQueryOptions() {
  return queryOptions({
    queryKey: environmentKeys.list(),
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
        // A read already under way began before this change and would answer for it: it is
        // cancelled, and the list read again.
        queryClient
          .cancelQueries({ queryKey: options.queryKey, exact: true })
          .then(() => queryClient.query({ ...options, staleTime: 0 }))
          .then((list) => {
            if (before !== undefined && list.activeId !== before)
              void forgetOtherEnvironment(queryClient)
          })
          .catch(() => undefined)
      }),
    [queryClient],
  )
}

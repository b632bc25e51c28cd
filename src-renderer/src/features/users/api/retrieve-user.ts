import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UserRecord } from '@shared/service'
import { api, unwrap } from '../../../lib/api'
import { userKeys } from './keys'

/**
 * A look-up is a read, every time: nothing is fresh (staleTime 0), every screen that shows a user
 * asks the service when it opens, and what it showed before is marked while the new read runs.
 */
function getUserQueryOptions(token: string) {
  return queryOptions({
    queryKey: userKeys.user(token),
    queryFn: () => unwrap(api().users.retrieve({ token })),
    staleTime: 0,
    refetchOnMount: 'always',
  })
}

export function useUser(token: string | null) {
  return useQuery({ ...getUserQueryOptions(token ?? ''), enabled: token !== null && token !== '' })
}

/**
 * The user read again for a review before a write, outside the cache: a form open over the
 * earlier read keeps what was typed in it, and the review shows what the service holds now.
 */
export function useReadNow() {
  return useMutation({
    mutationFn: (token: string) => unwrap(api().users.retrieve({ token })),
  })
}

/** Every user shown anywhere is read again: after a write or a bulk run changed what it holds. */
export function useReadUsersAgain(): () => Promise<void> {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all() })
}

/** The token of the user read last, for a screen opened without one (the sidebar's Edit). */
export function useLastReadToken(): string | null {
  const queryClient = useQueryClient()
  const latest = queryClient
    .getQueryCache()
    .findAll({ queryKey: userKeys.all() })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0]
  return (latest?.state.data as UserRecord | undefined)?.token ?? null
}

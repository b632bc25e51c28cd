import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { KnownUsersSettings } from '@shared/known-users'
import { api, unwrap } from '../../../lib/api'
import { knownUsersKeys } from './keys'

export function useKnownUsersSettings() {
  return useQuery({
    queryKey: knownUsersKeys.settings(),
    queryFn: () => unwrap(api().users.knownSettings()),
    staleTime: 0,
  })
}

/**
 * The active environment's known users that match what was typed. Read again each time the
 * screen opens: another face may have added users, or the active environment changed.
 */
export function useFoundUsers(text: string) {
  return useQuery({
    queryKey: knownUsersKeys.find(text),
    queryFn: () => unwrap(api().users.find({ text })),
    staleTime: 0,
    refetchOnMount: 'always',
    // The list stays on screen while the next letter's search runs.
    placeholderData: keepPreviousData,
  })
}

function useChangesKnownUsers() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: knownUsersKeys.all() })
}

export function useSaveKnownUsersSettings() {
  const changed = useChangesKnownUsers()
  return useMutation({
    mutationFn: (settings: KnownUsersSettings) => unwrap(api().users.setKnownSettings(settings)),
    onSuccess: changed,
  })
}

export function useForgetKnownUsers() {
  const changed = useChangesKnownUsers()
  return useMutation({
    mutationFn: () => unwrap(api().users.forgetKnown()),
    onSuccess: changed,
  })
}

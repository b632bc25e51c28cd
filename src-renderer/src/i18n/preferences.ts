import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PreferencesChange } from '@shared/ipc'
import { api, unwrap } from '../lib/api'
import { appKeys } from '../lib/query-keys'

export function getPreferencesQueryOptions() {
  return queryOptions({
    queryKey: appKeys.preferences(),
    queryFn: () => unwrap(api().preferences.get()),
    staleTime: Infinity,
  })
}

export function usePreferences() {
  return useQuery(getPreferencesQueryOptions())
}

export function useSavePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: PreferencesChange) => unwrap(api().preferences.set(change)),
    onSuccess: (saved) => queryClient.setQueryData(getPreferencesQueryOptions().queryKey, saved),
  })
}

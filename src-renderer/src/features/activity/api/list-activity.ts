import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { activityKeys } from './keys'

function getActivityQueryOptions() {
  return queryOptions({
    queryKey: activityKeys.log(),
    queryFn: () => unwrap(api().activity.list()),
    staleTime: 0,
  })
}

export function useActivity() {
  return useQuery(getActivityQueryOptions())
}

export function useClearActivity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api().activity.clear()),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getActivityQueryOptions().queryKey }),
  })
}

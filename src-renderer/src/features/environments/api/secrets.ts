import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SecretName } from '@shared/environments'
import { api, unwrap } from '../../../lib/api'
import { getEnvironmentsQueryOptions } from './list-environments'

export function useSetSecret() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; name: SecretName; value: string }) =>
      unwrap(api().environments.setSecret(input)),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey }),
  })
}

export function useClearSecret() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { id: string; name: SecretName }) =>
      unwrap(api().environments.clearSecret(input)),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey }),
  })
}

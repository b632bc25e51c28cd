import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EnvironmentDraft } from '@shared/environments'
import { api, unwrap } from '../../../lib/api'
import { getEnvironmentsQueryOptions } from './list-environments'

export function useSaveEnvironment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (draft: EnvironmentDraft) => unwrap(api().environments.save(draft)),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { getUserQueryOptions } from './retrieve-user'

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChannelInput<'users:create'>) => unwrap(api().users.create(input)),
    onSuccess: (result) =>
      queryClient.setQueryData(getUserQueryOptions(result.record.token).queryKey, result.record),
  })
}

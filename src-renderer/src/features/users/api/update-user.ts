import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { getUserQueryOptions } from './retrieve-user'

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChannelInput<'users:update'>) => unwrap(api().users.update(input)),
    onSuccess: (_, { token }) =>
      queryClient.invalidateQueries({ queryKey: getUserQueryOptions(token).queryKey }),
  })
}

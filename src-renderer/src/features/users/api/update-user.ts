import { useMutation } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { useReadUsersAgain } from './retrieve-user'

export function useUpdateUser() {
  const readAgain = useReadUsersAgain()
  return useMutation({
    mutationFn: (input: ChannelInput<'users:update'>) => unwrap(api().users.update(input)),
    onSuccess: readAgain,
  })
}

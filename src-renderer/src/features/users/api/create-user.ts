import { useMutation } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { useReadUsersAgain } from './retrieve-user'

export function useCreateUser() {
  const readAgain = useReadUsersAgain()
  return useMutation({
    mutationFn: (input: ChannelInput<'users:create'>) => unwrap(api().users.create(input)),
    onSuccess: readAgain,
  })
}

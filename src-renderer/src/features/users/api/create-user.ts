import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateUserRequest } from '@shared/service'
import { api, unwrap } from '../../../lib/api'
import { getUserQueryOptions } from './retrieve-user'

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: CreateUserRequest) => unwrap(api().users.create(request)),
    onSuccess: (result) =>
      queryClient.setQueryData(getUserQueryOptions(result.record.token).queryKey, result.record),
  })
}

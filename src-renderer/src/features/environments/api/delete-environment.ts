import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { getEnvironmentsQueryOptions } from './list-environments'

export function useDeleteEnvironment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api().environments.delete({ id })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { getEnvironmentsQueryOptions } from './list-environments'

/** Switching environment drops every cached answer: each environment has its own data. */
export function useSelectEnvironment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api().environments.select({ id })),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'environments' })
      await queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey })
    },
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { forgetOtherEnvironment } from './forget-other-environment'
import { getEnvironmentsQueryOptions } from './list-environments'

/** Switching environment drops every cached answer: each environment has its own data. */
export function useSelectEnvironment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => unwrap(api().environments.select({ id })),
    onSuccess: async () => {
      void forgetOtherEnvironment(queryClient)
      await queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey })
    },
  })
}

import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function useTestConnection() {
  return useMutation({
    mutationFn: (id: string) => unwrap(api().environments.testConnection({ id })),
  })
}

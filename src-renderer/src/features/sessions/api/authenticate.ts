import { useMutation } from '@tanstack/react-query'
import type { AuthenticateInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'

export function useAuthenticate() {
  return useMutation({
    mutationFn: (input: AuthenticateInput) => unwrap(api().sessions.authenticate(input)),
  })
}

import { useMutation, useQuery } from '@tanstack/react-query'
import type { AuthenticateInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { sessionKeys } from './keys'

export function useAuthenticate() {
  return useMutation({
    mutationFn: (input: AuthenticateInput) => unwrap(api().sessions.authenticate(input)),
  })
}

/** The JWT checked against the keys the active environment publishes; asked once per token. */
export function useJwtVerification(jwt: string) {
  return useQuery({
    queryKey: sessionKeys.verification(jwt),
    queryFn: () => unwrap(api().sessions.verify({ jwt })),
    staleTime: Infinity,
    retry: false,
  })
}

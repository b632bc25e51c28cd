import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function getUserQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['users', token],
    queryFn: () => unwrap(api().users.retrieve({ token })),
  })
}

export function useUser(token: string | null) {
  return useQuery({ ...getUserQueryOptions(token ?? ''), enabled: token !== null && token !== '' })
}

import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'
import { bulkKeys } from './keys'

/** The run under way, if any: the screen goes back to it after the user looked elsewhere. */
export function useCurrentRun() {
  return useQuery({
    queryKey: bulkKeys.current(),
    queryFn: () => unwrap(api().bulk.current()),
    staleTime: 0,
    gcTime: 0,
  })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { bulkKeys } from './keys'

/** Runs that stopped before their end; resuming or discarding one takes it off the list. */
export function useResumableRuns() {
  return useQuery({
    queryKey: bulkKeys.resumable(),
    queryFn: () => unwrap(api().bulk.resumable()),
    staleTime: 0,
  })
}

export function useResumeRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:resume'>) => unwrap(api().bulk.resume(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkKeys.resumable() }),
  })
}

export function useDiscardRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (runId: string) => unwrap(api().bulk.discard({ runId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkKeys.resumable() }),
  })
}

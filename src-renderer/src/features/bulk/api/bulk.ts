import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { RunProgress } from '@shared/bulk'
import type { ChannelInput } from '@shared/ipc'
import { useLanguage } from '../../../i18n/language-provider'
import { api, unwrap } from '../../../lib/api'
import { USERS_KEY } from '../../../lib/query-keys'

export function useInspectFile() {
  return useMutation({ mutationFn: (file: string) => unwrap(api().bulk.inspect({ file })) })
}

export function useDryRun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:dryRun'>) => unwrap(api().bulk.dryRun(input)),
  })
}

export const ROWS_PAGE = 200

export function planRowsQueryOptions(planId: string, only: 'all' | 'invalid', page: number) {
  return queryOptions({
    queryKey: ['bulk', 'rows', planId, only, page],
    queryFn: () =>
      unwrap(api().bulk.rows({ planId, only, offset: page * ROWS_PAGE, limit: ROWS_PAGE })),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  })
}

export function usePlanRows(planId: string, only: 'all' | 'invalid', page: number) {
  return useQuery(planRowsQueryOptions(planId, only, page))
}

/** The file's messages are said in the page's language (its column names stay English). */
export function useSaveInvalid() {
  const { language } = useLanguage()
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'bulk:saveInvalid'>, 'language'>) =>
      unwrap(api().bulk.saveInvalid({ ...input, language })),
  })
}

export function useStartRun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:start'>) => unwrap(api().bulk.start(input)),
  })
}

export function useControlRun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:control'>) => unwrap(api().bulk.control(input)),
  })
}

/** As useSaveInvalid: the messages in the page's language. */
export function useSaveResults() {
  const { language } = useLanguage()
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'bulk:saveResults'>, 'language'>) =>
      unwrap(api().bulk.saveResults({ ...input, language })),
  })
}

/** The run under way, if any: the screen goes back to it after the user looked elsewhere. */
export function useCurrentRun() {
  return useQuery({
    queryKey: ['bulk', 'current'],
    queryFn: () => unwrap(api().bulk.current()),
    staleTime: 0,
    gcTime: 0,
  })
}

const resumableKey = ['bulk', 'resumable'] as const

export function useResumableRuns() {
  return useQuery({
    queryKey: resumableKey,
    queryFn: () => unwrap(api().bulk.resumable()),
    staleTime: 0,
  })
}

export function useResumeRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:resume'>) => unwrap(api().bulk.resume(input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resumableKey }),
  })
}

export function useDiscardRun() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (runId: string) => unwrap(api().bulk.discard({ runId })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resumableKey }),
  })
}

const ENDED = new Set<RunProgress['state']>(['finished', 'cancelled'])

function isNewer(candidate: RunProgress, shown: RunProgress): boolean {
  if (ENDED.has(shown.state)) return false
  return ENDED.has(candidate.state) || candidate.done >= shown.done
}

/**
 * A run's progress as main pushes it, starting from what starting it answered. Its component is
 * keyed by the run, so another run starts from its own answer.
 */
export function useRunProgress(started: RunProgress): RunProgress {
  const [progress, setProgress] = useState(started)
  const queryClient = useQueryClient()
  const ended = ENDED.has(progress.state)
  // What the run wrote makes every user shown elsewhere out of date: they are read again.
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: USERS_KEY })
  }, [ended, queryClient])
  useEffect(() => {
    const unsubscribe = api().on('bulk:progress', (next) => {
      if (next.runId === started.runId) setProgress(next)
    })
    // A short run may have moved on (or ended) before this listener was in place; an answer
    // that arrives after a newer event must not take the screen back.
    void unwrap(api().bulk.progress({ runId: started.runId })).then(
      (snapshot) => setProgress((shown) => (isNewer(snapshot, shown) ? snapshot : shown)),
      () => undefined,
    )
    return unsubscribe
  }, [started])
  return progress
}

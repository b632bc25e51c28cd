import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { RunProgress } from '@shared/bulk'
import { api, unwrap } from '../../../lib/api'
import { USERS_KEY } from '../../../lib/query-keys'
import { bulkKeys } from './keys'

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
  const { state } = progress
  const ended = ENDED.has(state)
  // What the run wrote makes every user shown elsewhere out of date: they are read again.
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: USERS_KEY })
  }, [ended, queryClient])
  // What main holds of the run's rows changes with its state (a resumed run keeps its id): no
  // page read before a change is shown after it, and a page on screen is read again.
  useEffect(() => {
    void queryClient.resetQueries({ queryKey: bulkKeys.runResults(started.runId) })
    void queryClient.invalidateQueries({ queryKey: bulkKeys.resumable() })
  }, [state, started.runId, queryClient])
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

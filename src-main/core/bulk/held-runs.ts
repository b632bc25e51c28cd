import type { RunProgress } from '../../../src-shared/bulk'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { BulkRun } from './bulk-run'
import { notHeld } from './plan-store'
import type { HeldRun } from './run-results'

const underWay = (run: BulkRun) => {
  const { state } = run.progress()
  return state === 'running' || state === 'paused' || state === 'cancelling'
}

/** The runs this core has started, by id, and the rule that only one is under way at a time. */
export function heldRuns() {
  const runs = new Map<string, HeldRun>()
  let starting = false

  function runOf(runId: string): HeldRun {
    const held = runs.get(runId)
    if (!held) throw notHeld('runNotHeld')
    return held
  }

  /** The run under way (running, paused or cancelling), if any: one at a time. */
  const current = (): BulkRun | undefined => [...runs.values()].map(({ run }) => run).find(underWay)

  return {
    runs: runs as ReadonlyMap<string, HeldRun>,
    runOf,
    current,

    /**
     * Starts a run with nothing else starting or under way. The claim is taken before the first
     * await, so two calls at once (two faces, a script) cannot both start one.
     */
    async exclusively(start: () => Promise<HeldRun>): Promise<RunProgress> {
      if (current() !== undefined || starting)
        throw new AppError('VALIDATION', said('runInProgress'))
      starting = true
      try {
        const held = await start()
        runs.set(held.run.id, held)
        return held.run.progress()
      } finally {
        starting = false
      }
    },

    control: (input: { runId: string; action: 'pause' | 'resume' | 'cancel' }): RunProgress => {
      const { run } = runOf(input.runId)
      run[input.action]()
      return run.progress()
    },

    /** Cancels the run under way and waits for it (an export's partial file is removed). */
    stop: async (): Promise<void> => {
      const run = current()
      if (!run) return
      run.cancel()
      await run.settled
    },

    /** Refuses to touch the ledger of a run this core holds under way. */
    refuseUnderWay(runId: string): void {
      const held = runs.get(runId)
      if (held && underWay(held.run)) throw new AppError('VALIDATION', said('discardInProgress'))
    },
  }
}

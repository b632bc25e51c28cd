import type { Ledger } from './ledger'
import type { ReadAhead } from './read-ahead'
import type { RunControl } from './run-control'
import { runEnding, workerStep } from './run-decisions'
import type { RunRecord } from './run-outcomes'
import type { ExportSink, Item } from './run-types'

/**
 * Runs `concurrency` workers over the rows until they are done or the run is cancelled or
 * stopped, then closes what the run wrote: the export's file and the ledger are kept when it
 * finished; when it did not, the file is dropped and the ledger stays for a resume.
 */
export async function runPool(options: {
  concurrency: number
  control: RunControl
  reader: ReadAhead<Item>
  record: RunRecord
  exportSink: ExportSink | null
  ledger: Ledger | null
}): Promise<void> {
  const { control, reader, record, exportSink, ledger } = options

  async function worker(): Promise<void> {
    for (;;) {
      const step = workerStep(control.state)
      if (step === 'end') return
      if (step === 'wait') {
        await control.whilePaused()
        continue
      }
      // Rows set aside by a pause or a stop go first, so a resume sends them before new ones.
      const item = record.nextSetAside() ?? (await reader.next())
      if (item === undefined) return
      await record.handle(item)
    }
  }

  try {
    // Workers wait out a pause where they are, so they all end only when the rows do, or on
    // cancel. One that fails (a full disk under the ledger, a file changed under the reader)
    // stops the others, and their calls in flight finish, before anything is closed.
    const workers = await Promise.allSettled(
      Array.from({ length: options.concurrency }, () =>
        worker().catch((error: unknown) => {
          control.fault(error)
          throw error
        }),
      ),
    )
    await reader.close()
    const failed = workers.find((w): w is PromiseRejectedResult => w.status === 'rejected')
    if (failed) throw failed.reason
    if (runEnding(control.state, false) === 'finished') {
      await exportSink?.commit()
      await ledger?.finished()
      control.end('finished')
    } else {
      await exportSink?.abort()
      await ledger?.cancelled()
      await ledger?.close()
      control.end('cancelled')
    }
  } catch (error) {
    // The run ends as cancelled whatever else fails now: it must never look under way.
    await Promise.allSettled([exportSink?.abort(), ledger?.close()])
    control.fault(error)
    control.end(runEnding(control.state, true))
  }
}

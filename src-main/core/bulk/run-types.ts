import type { Outcome, RunProgress } from '../../../src-shared/bulk'
import type { EnvironmentKind } from '../../../src-shared/environments'
import type { Said } from '../../../src-shared/messages'
import type { UserRecord } from '../../../src-shared/service'
import type { ServiceClient } from '../client/service-client'
import type { Ledger, LedgerState } from './ledger'
import type { RowRequest } from './row-input'

export interface RowResult {
  row: number
  token: string
  outcome: Outcome
  status: number | null
  said: Said
}

/** What became of one row: its result without the row's number and token. */
export type RowOutcome = Omit<RowResult, 'row' | 'token'>

/** A row taken by a worker; `unsure` when a Create of it may have been sent already. */
export type Item = { row: number; request: RowRequest; unsure?: boolean }

/** Where an export's records go; nothing reaches the file's path until commit. */
export interface ExportSink {
  write(record: UserRecord): Promise<void>
  commit(): Promise<void>
  abort(): Promise<void>
}

export interface RunSetup {
  runId: string
  mode: RunProgress['mode']
  environmentId: string
  environmentName: string
  environmentKind: EnvironmentKind
  /** The valid rows of the file, in order; rows done in an earlier session are left out. */
  rows: AsyncIterable<{ row: number; request: RowRequest }>
  total: number
  concurrency: number
  /** The environment's client, asked again after a pause (its credentials may have been fixed). */
  client: () => Promise<ServiceClient>
  ledger: Ledger | null
  before: LedgerState | null
  exportSink: ExportSink | null
  onProgress?: (progress: RunProgress) => void
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface BulkRun {
  readonly id: string
  progress(): RunProgress
  results(): readonly RowResult[]
  /** Rows taken but set aside by a pause or cancel; `unsure` when a Create of theirs may have been sent. */
  setAside(): readonly { row: number; token: string; unsure: boolean }[]
  pause(): void
  resume(): void
  cancel(): void
  /** Settles when the run is finished or cancelled, with its last progress. */
  readonly settled: Promise<RunProgress>
}

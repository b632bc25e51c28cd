import { updateWhole } from '../client/update-guard'
import { createRow } from './create-row'
import { idempotently, type RowCalls } from './row-attempts'
import type { RowRequest } from './row-input'
import type { ExportSink, RowOutcome } from './run-types'
import { rowExported, rowStatusSet, rowUpdated } from './run-words'

/**
 * The row's call for its mode. An Update or a status set is written whole over a fresh Retrieve
 * (update-guard.ts), so sending it again writes the same state; a Create is reconciled before it
 * is sent again (create-row.ts). `unsure`: a Create of the row may have been sent already.
 */
export async function writeRow(
  calls: RowCalls,
  request: RowRequest,
  unsure: boolean,
  exportSink: ExportSink | null,
): Promise<RowOutcome> {
  switch (request.mode) {
    case 'create':
    case 'createOrUpdate':
      return createRow(calls, request, unsure)
    case 'update':
      await idempotently(calls, (c) => updateWhole(c, request.token, request.changes))
      return { outcome: 'updated', status: 200, said: rowUpdated() }
    case 'setStatus':
      await idempotently(calls, (c) => updateWhole(c, request.token, { status: request.status }))
      return { outcome: 'statusSet', status: 200, said: rowStatusSet(request.status) }
    case 'export': {
      const record = await idempotently(calls, (c) => c.retrieve(request.token))
      await exportSink?.write(record)
      return { outcome: 'exported', status: 200, said: rowExported() }
    }
  }
}

import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { CsvDelimiter } from '../../../src-shared/bulk'
import { userRecordSchema, type UserRecord } from '../../../src-shared/service'
import { metered, place, tempPathFor, writeError, type WriteTarget } from '../files/whole-file'
import type { ExportSink } from './bulk-run'

/**
 * A cell a spreadsheet would run as a formula (=, @, +, - not followed by a plain number, or a
 * leading tab or CR) gets a leading apostrophe, which spreadsheets show as text. Only files made
 * of the service's data get this: a user's own rows go back as they came.
 */
export function spreadsheetSafe(cell: string): string {
  if (/^[=@\t\r]/.test(cell) || (/^[+-]/.test(cell) && !/^[+-][\d\s().]*$/.test(cell)))
    return `'${cell}`
  return cell
}

/**
 * Writes a whole CSV file or nothing: rows stream into a file beside the target, which takes the
 * target's name only once every row is written (replacing a file only where the user said so). UTF-8 with a BOM, so spreadsheets read accents.
 */
export async function writeCsvFile(
  target: WriteTarget,
  rows: AsyncIterable<string[]> | Iterable<string[]>,
  delimiter: CsvDelimiter = ',',
): Promise<number> {
  const { path, replace, meter } = target
  const temp = tempPathFor(path)
  let count = -1
  async function* counted() {
    for await (const row of rows) {
      count += 1
      yield row
    }
  }
  // The writer is loaded by the first file written: the core starts without it.
  const { stringify } = await import('csv-stringify')
  try {
    await pipeline(
      Readable.from(counted()),
      stringify({ delimiter, bom: true, record_delimiter: 'windows' }),
      metered(meter),
      createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
    )
    await place(temp, path, replace)
  } catch (error) {
    await rm(temp, { force: true })
    meter?.refund()
    throw writeError(path, error)
  }
  return Math.max(0, count)
}

// A record keeps its flags under `features`; a file names each as a Create or an Update does.
const FLAG_COLUMNS = {
  has_video_call: 'video_call',
  has_video_call_1to1: 'video_call_1to1',
} as const satisfies Record<string, keyof UserRecord['features']>
type FlagColumn = keyof typeof FLAG_COLUMNS
type ExportColumn = Exclude<keyof UserRecord, 'features'> | FlagColumn

const isFlag = (column: ExportColumn): column is FlagColumn => column in FLAG_COLUMNS

/** An export's columns: a record's fields in the order of its one schema, `features` spread. */
const EXPORT_COLUMNS = (Object.keys(userRecordSchema.shape) as (keyof UserRecord)[]).flatMap(
  (field): ExportColumn[] =>
    field === 'features' ? (Object.keys(FLAG_COLUMNS) as FlagColumn[]) : [field],
)

function exportRow(record: UserRecord): string[] {
  return EXPORT_COLUMNS.map((column) => {
    const cell = isFlag(column) ? record.features[FLAG_COLUMNS[column]] : record[column]
    return cell === null ? '' : spreadsheetSafe(String(cell))
  })
}

/**
 * An export's file: records are written as they arrive into a file beside the target, which
 * takes the target's name only when the run finishes. A cancelled export leaves nothing.
 */
export async function createExportSink(
  target: WriteTarget & { format: 'csv' | 'json' },
): Promise<ExportSink> {
  const { path, format, replace, meter } = target
  const temp = tempPathFor(path)
  const { stringify } = await import('csv-stringify')
  const output = createWriteStream(temp, { flags: 'wx', mode: 0o600 })
  // A folder that does not exist, or one that cannot be written, is said before the run starts.
  try {
    await once(output, 'open')
  } catch (error) {
    throw writeError(path, error)
  }
  const input = metered(meter)
  // Kept from the start, so an early write error is not lost before anyone awaits the stream.
  const closed = pipeline(input, output)
  closed.catch(() => undefined)
  const csv = format === 'csv' ? stringify({ bom: true, record_delimiter: 'windows' }) : null
  csv?.pipe(input)
  // A write that fails later (a full disk, the typed saves' limit) fails the stringifier too, and
  // every write after it, so no write waits forever for a stream that is gone.
  let failed: { error: unknown } | null = null
  input.on('error', (error) => {
    failed ??= { error }
    csv?.destroy(error)
  })
  csv?.on('error', (error) => {
    failed ??= { error }
    input.destroy(error)
  })
  let first = true
  const write = async (chunk: string) => {
    if (!input.write(chunk)) await once(input, 'drain')
  }
  if (csv) csv.write([...EXPORT_COLUMNS])
  return {
    async write(record) {
      if (failed) throw failed.error
      if (csv) {
        if (!csv.write(exportRow(record))) await once(csv, 'drain')
        return
      }
      await write(`${first ? '[\n' : ',\n'}${JSON.stringify(record)}`)
      first = false
    },
    async commit() {
      try {
        if (csv) csv.end()
        else input.end(first ? '[]\n' : '\n]\n')
        await closed
        await place(temp, path, replace)
      } catch (error) {
        await rm(temp, { force: true })
        meter?.refund()
        throw writeError(path, error)
      }
    },
    async abort() {
      input.destroy()
      output.destroy()
      await rm(temp, { force: true })
      meter?.refund()
    },
  }
}

import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import type { CsvDelimiter, CsvEncoding, CsvFile } from '../../../src-shared/bulk'
import { said, type Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { FileChanged, verifiedBytes, windowDigests } from './file-windows'

/** A CSV file as read once, whole, before anything else is done with it. */
export interface CsvSource {
  path: string
  file: CsvFile
  headers: string[]
  /** SHA-256 of the bytes: a run and its ledger belong to exactly this file. */
  hash: string
  /** SHA-256 of each 64 KiB window of the bytes, so that a read from the start can verify them. */
  windows: string[]
}

export interface CsvRecord {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number
  cells: string[]
  /** Where the next record starts, in bytes from the start of the file. */
  end: number
}

/** Where reading resumes: the start of a record, and its row number. */
export interface CsvPosition {
  offset: number
  row: number
}
export const FILE_START: CsvPosition = { offset: 0, row: 1 }

// A single record larger than this is not a spreadsheet row; reading stops instead of holding it.
const MAX_RECORD_BYTES = 256 * 1024
const MAX_COLUMNS = 500
const UTF8_BOM = [0xef, 0xbb, 0xbf]

function fileError(path: string, message: Said): AppError {
  return new AppError('VALIDATION', message, { fieldErrors: { path: [message] } })
}

/** Why the file could not be read, naming it as the page knows it: by name, not where it is. */
function describeReadError(path: string, error: unknown): AppError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : null
  const shown = { path: basename(path) }
  if (code === 'ENOENT') return fileError(path, said('noFileAt', shown))
  if (code === 'EACCES' || code === 'EPERM') return fileError(path, said('fileReadDenied', shown))
  if (code === 'EISDIR') return fileError(path, said('fileIsFolder', shown))
  return fileError(
    path,
    code === null
      ? said('fileUnreadableUnknown', shown)
      : said('fileUnreadable', { ...shown, code }),
  )
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte)
}

/** What the first bytes say the file is not: a workbook, UTF-16 text, or binary data. */
function notCsvBecause(
  head: Uint8Array,
): 'notCsvZip' | 'notCsvXls' | 'notCsvUtf16' | 'notCsvBinary' | null {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'notCsvZip'
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) return 'notCsvXls'
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return 'notCsvUtf16'
  if (head.includes(0)) return 'notCsvBinary'
  return null
}

/** `;` when the header line has more semicolons than commas outside quotes, else `,`. */
function delimiterOf(firstLine: string): CsvDelimiter {
  let quoted = false
  let commas = 0
  let semicolons = 0
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted
    else if (!quoted && char === ',') commas++
    else if (!quoted && char === ';') semicolons++
  }
  return semicolons > commas ? ';' : ','
}

/**
 * Reads the file once, streaming: its hash, whether it is valid UTF-8 (else Windows-1252, said as
 * such), its separator and its header row. Anything that is not a CSV is refused by name.
 */
export async function inspectCsv(path: string): Promise<CsvSource> {
  let size: number
  try {
    const info = await stat(path)
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' })
    size = info.size
  } catch (error) {
    throw describeReadError(path, error)
  }
  const hash = createHash('sha256')
  const windows = windowDigests()
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  let validUtf8 = true
  let head: Uint8Array | undefined
  let firstLine = ''
  try {
    for await (const chunk of createReadStream(path)) {
      const bytes = chunk as Buffer
      hash.update(bytes)
      windows.update(bytes)
      if (head === undefined) {
        head = bytes.subarray(0, 8)
        const notCsv = notCsvBecause(bytes.subarray(0, 4096))
        if (notCsv) throw fileError(path, said(notCsv, { file: basename(path) }))
        firstLine =
          bytes
            .subarray(0, 64 * 1024)
            .toString('latin1')
            .split(/\r?\n/, 1)[0] ?? ''
      }
      if (validUtf8) {
        try {
          utf8.decode(bytes, { stream: true })
        } catch {
          validUtf8 = false
        }
      }
    }
    if (validUtf8) utf8.decode()
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof TypeError) validUtf8 = false
    else throw describeReadError(path, error)
  }
  if (head === undefined) throw fileError(path, said('fileEmpty', { file: basename(path) }))
  const encoding: CsvEncoding = !validUtf8
    ? 'windows-1252'
    : startsWith(head, UTF8_BOM)
      ? 'utf-8-bom'
      : 'utf-8'
  const file: CsvFile = {
    name: basename(path),
    sizeBytes: size,
    encoding,
    delimiter: delimiterOf(firstLine),
  }
  let headers: string[] | undefined
  for await (const record of readCsv({ path, file, windows: [] }, FILE_START)) {
    headers = record.cells.map((cell) => cell.trim())
    break
  }
  if (headers === undefined || headers.every((header) => header === ''))
    throw fileError(path, said('noHeaderRow', { file: file.name }))
  if (headers.length > MAX_COLUMNS)
    throw fileError(
      path,
      said('tooManyFileColumns', {
        file: file.name,
        count: headers.length,
        max: MAX_COLUMNS,
      }),
    )
  return { path, file, headers, hash: hash.digest('hex'), windows: windows.digest() }
}

const windows1252 = new TextDecoder('windows-1252')
// The file is parsed as Latin-1, byte for byte, so that separators, quotes and byte offsets are
// exact; the 32 bytes where Windows-1252 differs from Latin-1 (€, Š, “ ...) are fixed per cell.
const LATIN1_C1 = /[\u0080-\u009f]/

function fromWindows1252(cell: string): string {
  return LATIN1_C1.test(cell) ? windows1252.decode(Buffer.from(cell, 'latin1')) : cell
}

/**
 * The records of the file from a position, streaming: nothing but the record at hand is held.
 * A position is always the start of a record (a `CsvRecord.end`), so reading can resume there.
 * Read from its start with `verified`, the file must still have the bytes it was inspected with:
 * reading stops, naming the last row read, where they differ.
 */
export async function* readCsv(
  source: Pick<CsvSource, 'path' | 'file' | 'windows'>,
  from: CsvPosition,
  options: { verified?: boolean } = {},
): AsyncGenerator<CsvRecord> {
  const { encoding, delimiter } = source.file
  // The parser is loaded by the first read of a file: the core starts without it.
  const { CsvError, parse } = await import('csv-parse')
  const file = createReadStream(source.path, { start: from.offset })
  // Windows are hashed from the start of the file: only a read from there can check them.
  if (options.verified && from.offset !== 0)
    throw new Error('a verified read must start at the beginning of the file')
  const verifier = options.verified ? verifiedBytes(source.windows) : null
  let lastRow = from.row - 1
  const parser = parse({
    delimiter,
    encoding: encoding === 'windows-1252' ? 'latin1' : 'utf8',
    bom: from.offset === 0,
    info: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_BYTES,
  })
  // A file that went missing or became unreadable since it was checked ends the read with that
  // error (pipe alone would leave it unhandled); and a read that stops early closes the file.
  file.on('error', (error) => parser.destroy(error))
  if (verifier) {
    verifier.on('error', (error) => parser.destroy(error))
    file.pipe(verifier).pipe(parser)
  } else file.pipe(parser)
  try {
    for await (const parsed of parser as AsyncIterable<{
      record: string[]
      info: { records: number; bytes_records: number }
    }>) {
      const cells = encoding === 'windows-1252' ? parsed.record.map(fromWindows1252) : parsed.record
      lastRow = from.row + parsed.info.records - 1
      yield {
        row: lastRow,
        cells,
        end: from.offset + parsed.info.bytes_records,
      }
    }
  } catch (error) {
    if (error instanceof FileChanged)
      throw fileError(
        source.path,
        said('fileChangedWhileRead', { file: source.file.name, row: lastRow }),
      )
    if (error instanceof CsvError) {
      // Lines count from where this read began: only a read from the start can name one.
      const line = (error as { lines?: number }).lines
      const values = { file: source.file.name, error: error.message }
      throw fileError(
        source.path,
        line && from.offset === 0
          ? said('csvUnreadableNearLine', { ...values, line })
          : said('csvUnreadable', values),
      )
    }
    throw describeReadError(source.path, error)
  } finally {
    parser.destroy()
    verifier?.destroy()
    file.destroy()
  }
}

import { extname } from 'node:path'
import { MAX_ENVIRONMENTS_FILE_BYTES } from '../../../src-shared/environments'
import { MAX_TLS_FILE_BYTES, MAX_UPLOAD_BYTES, type UploadFormat } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'

/** Uploads under way at once: one per file field on screen is plenty. */
export const UPLOADS_AT_ONCE = 4
/** All copies together, finished or not: a page cannot fill the disk by uploading again. */
export const MAX_HELD_BYTES = 2 * MAX_UPLOAD_BYTES
/** What a field of each format takes: its endings, and the largest file it reads. */
const TAKES: Record<UploadFormat, { endings: readonly string[]; maxBytes: number }> = {
  csv: { endings: ['.csv', '.txt'], maxBytes: MAX_UPLOAD_BYTES },
  json: { endings: ['.json'], maxBytes: MAX_ENVIRONMENTS_FILE_BYTES },
  // An environment's CA file, client certificate, key or PKCS#12 file, as a typed one's rules say.
  pem: { endings: ['.pem', '.crt', '.cer', '.key'], maxBytes: MAX_TLS_FILE_BYTES },
  pkcs12: { endings: ['.p12', '.pfx'], maxBytes: MAX_TLS_FILE_BYTES },
}
const MIB = 1024 * 1024

export const refuse = (key: Parameters<typeof said>[0], values = {}) =>
  new AppError('VALIDATION', said(key, values))

/** Refuses a file whose name does not end as its field's format takes. */
export function refuseEnding(name: string, format: UploadFormat): void {
  const { endings } = TAKES[format]
  if (endings.includes(extname(name).toLowerCase())) return
  const refusal = said('typedPathOpenType', { path: name, endings: endings.join(', ') })
  throw new AppError('VALIDATION', refusal, { fieldErrors: { name: [refusal] } })
}

/**
 * Why a piece may not be taken, if it may not: each limit is named as the one hit, so a small
 * file refused for the copies already held is not "larger than" anything.
 */
export function pieceRefusal(
  format: UploadFormat,
  piece: number,
  { uploaded, held, maxHeld }: { uploaded: number; held: number; maxHeld: number },
): AppError | null {
  const { maxBytes } = TAKES[format]
  if (uploaded + piece > maxBytes) return refuse('uploadTooLarge', { max: maxBytes / MIB })
  if (held + piece > maxHeld) return refuse('uploadsHeldTooMuch', { max: maxHeld / MIB })
  return null
}

import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, open, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import { MAX_ENVIRONMENTS_FILE_BYTES } from '../../../src-shared/environments'
import {
  MAX_TLS_FILE_BYTES,
  MAX_UPLOAD_BYTES,
  type FileGrant,
  type FileUploadInput,
  type UploadFormat,
} from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../app-error'
import type { FileGrants } from './file-grants'

interface Upload {
  /** Opened on the first piece; each piece waits for the one before it. */
  file: Promise<FileHandle>
  /** What the field it was picked for reads, and is granted as. */
  format: UploadFormat
  queue: Promise<unknown>
  path: Promise<string>
  bytes: number
  idle: NodeJS.Timeout
}

/** Uploads under way at once: one per file field on screen is plenty. */
const UPLOADS_AT_ONCE = 4
/** All copies together, finished or not: a page cannot fill the disk by uploading again. */
const MAX_HELD_BYTES = 2 * MAX_UPLOAD_BYTES
/** What a field of each format takes: its endings, and the largest file it reads. */
const TAKES: Record<UploadFormat, { endings: readonly string[]; maxBytes: number }> = {
  csv: { endings: ['.csv', '.txt'], maxBytes: MAX_UPLOAD_BYTES },
  json: { endings: ['.json'], maxBytes: MAX_ENVIRONMENTS_FILE_BYTES },
  // An environment's CA file, client certificate, key or PKCS#12 file, as a typed one's rules say.
  pem: { endings: ['.pem', '.crt', '.cer', '.key'], maxBytes: MAX_TLS_FILE_BYTES },
  pkcs12: { endings: ['.p12', '.pfx'], maxBytes: MAX_TLS_FILE_BYTES },
}
/** An upload whose next piece does not come in this time was abandoned. */
const IDLE_MS = 60_000
/** Uploads whose last piece came, remembered so that a piece sent after it is said as such. */
const FINISHED_KEPT = 64
const MIB = 1024 * 1024

/**
 * Files the browser shell's user picked in the browser's chooser or dropped on the page: their
 * bytes kept in a folder only this user can read (0700, the files 0600), each granted for reading
 * like a typed path, and removed when its grant is forgotten or the console ends (after a crash,
 * with the system's temporary files). The copy is made because the user chose the file to work
 * with; the page can give main only bytes, never a path.
 */
export function createUploads(grants: FileGrants, maxHeldBytes = MAX_HELD_BYTES) {
  let folder: Promise<string> | undefined
  const uploads = new Map<string, Upload>()
  const finished = new Set<string>()
  /** Finished copies, by path, with their size. */
  const kept = new Map<string, number>()
  let heldBytes = 0
  // A copy main no longer grants can never be read again: it goes at once.
  grants.onForgotten((path) => void forget(path))

  async function forget(path: string): Promise<void> {
    const bytes = kept.get(path)
    if (bytes === undefined) return
    kept.delete(path)
    await remove(path, bytes)
  }

  const refuse = (key: Parameters<typeof said>[0], values = {}) =>
    new AppError('VALIDATION', said(key, values))

  async function remove(path: string, bytes: number): Promise<void> {
    heldBytes -= bytes
    await rm(dirname(path), { recursive: true, force: true })
  }

  function drop(id: string): void {
    const upload = uploads.get(id)
    if (!upload) return
    uploads.delete(id)
    discard(upload)
  }

  function finish(id: string, upload: Upload): void {
    uploads.delete(id)
    clearTimeout(upload.idle)
    finished.add(id)
    for (const oldest of finished) if (finished.size > FINISHED_KEPT) finished.delete(oldest)
  }

  /** Its copy removed, once the pieces already taken are written. */
  function discard(upload: Upload): void {
    clearTimeout(upload.idle)
    void upload.queue
      .then(() => upload.file)
      .then((file) => file.close())
      .catch(() => undefined)
      .then(() => upload.path)
      .then((at) => remove(at, upload.bytes))
      .catch(() => undefined)
  }

  // Registered before any await: pieces sent at once cannot all pass the limits.
  function begin(name: string, format: UploadFormat): [string, Upload] {
    const { endings } = TAKES[format]
    if (!endings.includes(extname(name).toLowerCase())) {
      const refusal = said('typedPathOpenType', { path: name, endings: endings.join(', ') })
      throw new AppError('VALIDATION', refusal, { fieldErrors: { name: [refusal] } })
    }
    if (uploads.size >= UPLOADS_AT_ONCE) throw refuse('uploadsBusy')
    const id = randomUUID()
    folder ??= mkdtemp(join(tmpdir(), 'integrator-console-'))
    // A folder of its own, so the copy keeps the name the user knows it by.
    const path = folder.then((root) => join(root, id, name))
    const file = path.then(async (at) => {
      await mkdir(dirname(at), { mode: 0o700 })
      return open(at, 'wx', 0o600)
    })
    file.catch(() => undefined)
    const upload: Upload = {
      file,
      format,
      queue: Promise.resolve(),
      path,
      bytes: 0,
      idle: idleTimer(id),
    }
    uploads.set(id, upload)
    return [id, upload]
  }

  function idleTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => drop(id), IDLE_MS)
    timer.unref()
    return timer
  }

  return {
    take(input: FileUploadInput): Promise<{ upload: string | null; file: FileGrant | null }> {
      const held = input.upload === null ? undefined : uploads.get(input.upload)
      if (input.upload !== null && !held)
        return Promise.reject(refuse(finished.has(input.upload) ? 'uploadAfterLast' : 'uploadGone'))
      const [id, upload] =
        held && input.upload !== null ? [input.upload, held] : begin(input.name, input.format)
      const bytes = Buffer.from(input.data, 'base64')
      const { maxBytes } = TAKES[upload.format]
      // Each limit is named as the one hit: a small file refused for the copies already held is
      // not "larger than" anything.
      const tooLarge =
        upload.bytes + bytes.length > maxBytes
          ? refuse('uploadTooLarge', { max: maxBytes / MIB })
          : heldBytes + bytes.length > maxHeldBytes
            ? refuse('uploadsHeldTooMuch', { max: maxHeldBytes / MIB })
            : null
      if (tooLarge) {
        drop(id)
        return Promise.reject(tooLarge)
      }
      upload.bytes += bytes.length
      heldBytes += bytes.length
      clearTimeout(upload.idle)
      upload.idle = idleTimer(id)
      // Finished as soon as its last piece is taken: a piece sent after it, even before that one
      // is written, is refused as such (not written to a file being closed).
      if (input.last) finish(id, upload)
      const step = upload.queue.then(async () => {
        const file = await upload.file
        await file.write(bytes)
        if (!input.last) return { upload: id, file: null }
        await file.close()
        const at = await upload.path
        const granted = await grants.grant(at, 'open', upload.format, {
          replace: false,
          uploaded: true,
        })
        kept.set(at, upload.bytes)
        return { upload: null, file: granted }
      })
      upload.queue = step.catch(() => (input.last ? discard(upload) : drop(id)))
      return step
    },

    /** Every copy removed: the console is closing. */
    async dispose(): Promise<void> {
      for (const id of [...uploads.keys()]) drop(id)
      const root = await folder?.catch(() => undefined)
      if (root !== undefined) await rm(root, { recursive: true, force: true })
    },
  }
}
export type Uploads = ReturnType<typeof createUploads>

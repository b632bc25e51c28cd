import { randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, open, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { FileGrant, FileUploadInput, UploadFormat } from '../../../src-shared/ipc'
import type { FileGrants } from './file-grants'
import {
  MAX_HELD_BYTES,
  pieceRefusal,
  refuse,
  refuseEnding,
  UPLOADS_AT_ONCE,
} from './upload-limits'

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

/** An upload whose next piece does not come in this time was abandoned. */
const IDLE_MS = 60_000
/** Uploads whose last piece came, remembered so that a piece sent after it is said as such. */
const FINISHED_KEPT = 64

/** A folder of its own, so the copy keeps the name the user knows it by. */
function copyIn(folder: Promise<string>, id: string, name: string) {
  const path = folder.then((root) => join(root, id, name))
  const file = path.then(async (at) => {
    await mkdir(dirname(at), { mode: 0o700 })
    return open(at, 'wx', 0o600)
  })
  file.catch(() => undefined)
  return { path, file }
}

/** Remembers a finished upload's id, forgetting the oldest past FINISHED_KEPT. */
function remember(finished: Set<string>, id: string): void {
  finished.add(id)
  for (const oldest of finished) if (finished.size > FINISHED_KEPT) finished.delete(oldest)
}

/** Its copy removed, once the pieces already taken are written. */
function discard(upload: Upload, remove: (path: string, bytes: number) => Promise<void>): void {
  clearTimeout(upload.idle)
  void upload.queue
    .then(() => upload.file)
    .then((file) => file.close())
    .catch(() => undefined)
    .then(() => upload.path)
    .then((at) => remove(at, upload.bytes))
    .catch(() => undefined)
}

/** The copies held, finished or not: their bytes counted, each finished one by its path. */
function heldCopies() {
  let bytes = 0
  /** Finished copies, by path, with their size. */
  const kept = new Map<string, number>()
  const remove = async (path: string, size: number): Promise<void> => {
    bytes -= size
    await rm(dirname(path), { recursive: true, force: true })
  }
  return {
    bytes: () => bytes,
    count: (size: number) => void (bytes += size),
    keep: (path: string, size: number) => void kept.set(path, size),
    remove,
    async forget(path: string): Promise<void> {
      const size = kept.get(path)
      if (size === undefined) return
      kept.delete(path)
      await remove(path, size)
    },
  }
}

/** Writes a piece; after the last (`unfinished` null), the copy is granted and kept. */
async function writePiece(
  grants: FileGrants,
  copies: ReturnType<typeof heldCopies>,
  upload: Upload,
  bytes: Buffer,
  unfinished: string | null,
) {
  const file = await upload.file
  await file.write(bytes)
  if (unfinished !== null) return { upload: unfinished, file: null }
  await file.close()
  const at = await upload.path
  const granted = await grants.grant(at, 'open', upload.format, { replace: false, uploaded: true })
  copies.keep(at, upload.bytes)
  return { upload: null, file: granted }
}

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
  const copies = heldCopies()
  // A copy main no longer grants can never be read again: it goes at once.
  grants.onForgotten((path) => void copies.forget(path))

  function drop(id: string): void {
    const upload = uploads.get(id)
    if (!upload) return
    uploads.delete(id)
    discard(upload, copies.remove)
  }

  function finish(id: string, upload: Upload): void {
    uploads.delete(id)
    clearTimeout(upload.idle)
    remember(finished, id)
  }

  // Registered before any await: pieces sent at once cannot all pass the limits.
  function begin(name: string, format: UploadFormat): [string, Upload] {
    refuseEnding(name, format)
    if (uploads.size >= UPLOADS_AT_ONCE) throw refuse('uploadsBusy')
    const id = randomUUID()
    folder ??= mkdtemp(join(tmpdir(), 'integrator-console-'))
    const upload: Upload = {
      ...copyIn(folder, id, name),
      format,
      queue: Promise.resolve(),
      bytes: 0,
      idle: idleTimer(id),
    }
    uploads.set(id, upload)
    return [id, upload]
  }

  const idleTimer = (id: string) => setTimeout(() => drop(id), IDLE_MS).unref()

  return {
    take(input: FileUploadInput): Promise<{ upload: string | null; file: FileGrant | null }> {
      const held = input.upload === null ? undefined : uploads.get(input.upload)
      if (input.upload !== null && !held)
        return Promise.reject(refuse(finished.has(input.upload) ? 'uploadAfterLast' : 'uploadGone'))
      const [id, upload] =
        held && input.upload !== null ? [input.upload, held] : begin(input.name, input.format)
      const bytes = Buffer.from(input.data, 'base64')
      const tooLarge = pieceRefusal(upload.format, bytes.length, {
        uploaded: upload.bytes,
        held: copies.bytes(),
        maxHeld: maxHeldBytes,
      })
      if (tooLarge) {
        drop(id)
        return Promise.reject(tooLarge)
      }
      upload.bytes += bytes.length
      copies.count(bytes.length)
      clearTimeout(upload.idle)
      upload.idle = idleTimer(id)
      // Finished as soon as its last piece is taken: a piece sent after it, even before that one
      // is written, is refused as such (not written to a file being closed).
      if (input.last) finish(id, upload)
      const step = upload.queue.then(() =>
        writePiece(grants, copies, upload, bytes, input.last ? null : id),
      )
      upload.queue = step.catch(() => (input.last ? discard(upload, copies.remove) : drop(id)))
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

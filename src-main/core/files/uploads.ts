import { randomUUID } from 'node:crypto'
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { MAX_UPLOAD_BYTES, type FileGrant, type FileUploadInput } from '../../../src-shared/ipc'
import { sharedText } from '../../../src-shared/messages'
import { AppError } from '../app-error'
import type { FileGrants } from './file-grants'

interface Upload {
  file: FileHandle
  path: string
  bytes: number
}

/** Uploads under way at once: one per file field on screen is plenty. */
const UPLOADS_AT_ONCE = 4

/**
 * Files the browser shell's user picked in the browser's chooser or dropped on the page: their
 * bytes kept in a folder only this user can read (0700, the files 0600) for as long as the
 * console runs, each granted for reading like a typed path. The copy is made because the user
 * chose the file to work with; it goes when the console ends (or, after a crash, with the
 * system's temporary files).
 */
export function createUploads(grants: FileGrants) {
  let folder: Promise<string> | undefined
  const uploads = new Map<string, Upload>()

  async function begin(name: string): Promise<[string, Upload]> {
    if (!['.csv', '.txt'].includes(extname(name).toLowerCase()))
      throw new AppError('VALIDATION', sharedText('typedPathOpenType', { path: name }), {
        fieldErrors: { name: [sharedText('typedPathOpenType', { path: name })] },
      })
    if (uploads.size >= UPLOADS_AT_ONCE) throw new AppError('VALIDATION', sharedText('uploadsBusy'))
    folder ??= mkdtemp(join(tmpdir(), 'integrator-console-'))
    const id = randomUUID()
    const path = join(await folder, `${id}-${name}`)
    const upload = { file: await open(path, 'wx', 0o600), path, bytes: 0 }
    uploads.set(id, upload)
    return [id, upload]
  }

  async function drop(id: string, upload: Upload): Promise<void> {
    uploads.delete(id)
    await upload.file.close().catch(() => undefined)
    await rm(upload.path, { force: true })
  }

  return {
    async take(input: FileUploadInput): Promise<{ upload: string | null; file: FileGrant | null }> {
      const held = input.upload === null ? undefined : uploads.get(input.upload)
      if (input.upload !== null && !held) throw new AppError('VALIDATION', sharedText('uploadGone'))
      const [id, upload] =
        held && input.upload !== null ? [input.upload, held] : await begin(input.name)
      const bytes = Buffer.from(input.data, 'base64')
      if (upload.bytes + bytes.length > MAX_UPLOAD_BYTES) {
        await drop(id, upload)
        throw new AppError(
          'VALIDATION',
          sharedText('uploadTooLarge', { max: MAX_UPLOAD_BYTES / 1024 / 1024 }),
        )
      }
      await upload.file.write(bytes)
      upload.bytes += bytes.length
      if (!input.last) return { upload: id, file: null }
      uploads.delete(id)
      await upload.file.close()
      return { upload: null, file: grants.grant(upload.path, 'open', 'csv', false) }
    },

    /** Every copy removed: the console is closing. */
    async dispose(): Promise<void> {
      for (const [id, upload] of uploads) await drop(id, upload)
      const path = await folder?.catch(() => undefined)
      if (path !== undefined) await rm(path, { recursive: true, force: true })
    },
  }
}
export type Uploads = ReturnType<typeof createUploads>

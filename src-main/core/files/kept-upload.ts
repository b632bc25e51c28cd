import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../data-directory'

/** Where the data folder keeps the TLS files an environment was given as bytes (uploads.ts). */
export const KEPT_UPLOADS_FOLDER = 'chosen-files'

/**
 * A file the browser shell's page uploaded, kept for an environment that reads it at every call:
 * the upload itself lives in a temporary folder that goes with the console. The copy is main's
 * own, in a folder of the data folder (its user's only) named by the bytes' digest, under the
 * name the user knows it by; no grant ever names it, so the page cannot point anything at it.
 */
export async function keepUploadedFile(path: string, dataDirectory: string): Promise<string> {
  const bytes = await readFile(path)
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  const folder = join(dataDirectory, KEPT_UPLOADS_FOLDER, digest)
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE })
  const kept = join(folder, basename(path))
  // The same bytes under the same name were kept before: that copy serves.
  await writeFile(kept, bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error
  })
  return kept
}

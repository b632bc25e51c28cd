import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { PRIVATE_FILE_MODE } from './data-directory'

/** Writes a whole file or nothing: a temp file beside it, flushed, then renamed over it. */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    // Its user's only, as a file of the data folder must be (the rename keeps the mode).
    const handle = await open(temp, 'wx', PRIVATE_FILE_MODE)
    try {
      await handle.writeFile(content)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
  await syncDirectory(dirname(path))
}

async function syncDirectory(path: string): Promise<void> {
  // Makes the rename itself durable; not every platform can open a directory, which is fine.
  try {
    const handle = await open(path, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    return
  }
}

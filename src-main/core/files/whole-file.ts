import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, link, rename, rm, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { said, type SharedMessageKey } from '../../../src-shared/messages'
import { AppError } from '../app-error'

/** Where a file is written before it takes its name. */
export function tempPathFor(path: string): string {
  return `${path}.partial-${randomBytes(4).toString('hex')}`
}

/**
 * A failed write, said as what the user can do about it. The file is named, not where it is: the
 * message reaches the page, which is shown names only; the user chose the place (in a dialog, or
 * typed it on the command line).
 */
export function writeError(path: string, error: unknown): AppError {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  const why: SharedMessageKey =
    code === 'EEXIST'
      ? 'writeExists'
      : code === 'ENOENT'
        ? 'writeNoFolder'
        : code === 'EACCES' || code === 'EPERM'
          ? 'writeDenied'
          : code === 'EISDIR'
            ? 'writeIsFolder'
            : code === 'ENOSPC'
              ? 'writeDiskFull'
              : code === ''
                ? 'writeFailedUnknown'
                : 'writeFailed'
  const message = said(why, { path: basename(path), code })
  return new AppError('VALIDATION', message, { fieldErrors: { path: [message] } })
}

/**
 * Gives a finished temp file the target's name. A replace the user confirmed is a rename; any
 * other save makes a new file and fails with EEXIST when one is there already: a hard link, which
 * is atomic too, or an exclusive copy where the file system has no links.
 */
export async function place(temp: string, path: string, replace: boolean): Promise<void> {
  if (replace) {
    await rename(temp, path)
    return
  }
  try {
    await link(temp, path)
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : ''
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error
    await copyFile(temp, path, constants.COPYFILE_EXCL)
  }
  await rm(temp, { force: true })
}

/**
 * Writes a whole text file or nothing, to a place the user chose: a temp file beside it takes
 * its name once complete (replacing a file only where the user said so in the OS's dialog).
 */
export async function writeWholeFile(
  target: { path: string; replace: boolean },
  text: string,
): Promise<void> {
  const temp = tempPathFor(target.path)
  try {
    await writeFile(temp, text, { flag: 'wx', mode: 0o600 })
    await place(temp, target.path, target.replace)
  } catch (error) {
    await rm(temp, { force: true })
    throw writeError(target.path, error)
  }
}

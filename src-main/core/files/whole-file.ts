import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { copyFile, link, rename, rm, writeFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { Transform } from 'node:stream'
import { said, type SharedMessageKey } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'

/**
 * Counts one save's bytes against a limit shared with other saves (typed-save-budget.ts): `take`
 * throws the refusal before a byte past the limit is written; `refund` gives back what a save
 * that failed took, its temp file gone.
 */
export interface SaveMeter {
  take(bytes: number): void
  refund(): void
}

/** A place the user chose to save to; a typed one's bytes go through its meter. */
export interface WriteTarget {
  path: string
  replace: boolean
  meter?: SaveMeter | undefined
}

/** Passes bytes on to a save's file while its meter allows them (all of them without one). */
export function metered(meter: SaveMeter | undefined): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        meter?.take(chunk.length)
        done(null, chunk)
      } catch (error) {
        done(error as Error)
      }
    },
  })
}

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
  // Already said for the user (a limit the save reached).
  if (error instanceof AppError) return error
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
export async function writeWholeFile(target: WriteTarget, text: string): Promise<void> {
  const temp = tempPathFor(target.path)
  const bytes = Buffer.from(text)
  try {
    target.meter?.take(bytes.length)
    await writeFile(temp, bytes, { flag: 'wx', mode: 0o600 })
    await place(temp, target.path, target.replace)
  } catch (error) {
    await rm(temp, { force: true })
    target.meter?.refund()
    throw writeError(target.path, error)
  }
}

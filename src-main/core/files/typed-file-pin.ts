import type { BigIntStats } from 'node:fs'
import { lstat, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'

/**
 * The file a typed path named when it was granted. A path is read again at each use (inspect, dry
 * run, resume; a certificate at its save), so the grant holds what the file was, not only its
 * name: a file swapped or linked in later is not the one the user chose.
 */
export interface FilePin {
  dev: bigint
  ino: bigint
  /** The typed path was itself a link (checked where it led): it may stay one, to that file. */
  link: boolean
}

async function look(path: string): Promise<{ entry: BigIntStats; file: BigIntStats }> {
  const [entry, file] = await Promise.all([
    lstat(path, { bigint: true }),
    stat(path, { bigint: true }),
  ])
  return { entry, file }
}

/**
 * Pins a typed file to read. A file with more than one name is refused: another name (a hard
 * link named `.csv`) can stand for a file the typed-path rules would refuse, and a link cannot
 * be followed back to tell. A missing file is refused too: there is nothing yet to pin.
 */
export async function pinTypedFile(path: string): Promise<FilePin> {
  const found = await look(path).catch((error: unknown) => {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
    throw new AppError(
      'VALIDATION',
      code === 'ENOENT'
        ? said('noFileAt', { path: basename(path) })
        : said('fileUnreadable', { path: basename(path), code }),
    )
  })
  const name = basename(path)
  if (!found.file.isFile())
    throw new AppError('VALIDATION', said('typedPathNotFile', { path: name }))
  if (found.file.nlink > 1n)
    throw new AppError('VALIDATION', said('typedPathLinked', { path: name }))
  return { dev: found.file.dev, ino: found.file.ino, link: found.entry.isSymbolicLink() }
}

/**
 * Refuses the use of a typed file that is no longer the one pinned: another file under its name
 * (a rename over it, a link put in its place), a second name since, or gone.
 */
export async function checkPin(path: string, pin: FilePin): Promise<void> {
  const found = await look(path).catch(() => null)
  const same =
    found !== null &&
    found.file.isFile() &&
    found.file.dev === pin.dev &&
    found.file.ino === pin.ino &&
    found.file.nlink === 1n &&
    (pin.link || !found.entry.isSymbolicLink())
  if (!same)
    throw new AppError('VALIDATION', said('fileChangedSinceChosen', { file: basename(path) }))
}

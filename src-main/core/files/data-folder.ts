import type { BigIntStats } from 'node:fs'
import { readlink, realpath, stat } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'

/** More links than this in a row is a loop (the system's own limit is about as many). */
const MAX_LINKS = 40

/**
 * Where a path leads on this file system: every link followed, for the parts that exist. A file
 * not made yet (a place to save, a dangling link) is named from the nearest folder that does
 * exist, so a link into the data folder counts even while its target is missing.
 */
async function resolvedPath(path: string, links = 0): Promise<string> {
  const absolute = resolve(path)
  const real = await realpath(absolute).catch(() => null)
  if (real !== null) return real
  const target = links < MAX_LINKS ? await readlink(absolute).catch(() => null) : null
  if (target !== null) return resolvedPath(resolve(dirname(absolute), target), links + 1)
  const parent = dirname(absolute)
  if (parent === absolute) return absolute
  return join(await resolvedPath(parent, links), basename(absolute))
}

/**
 * Whether `path` is `folder` or inside it, both as resolved. macOS and Windows file systems do
 * not tell case (nor, on macOS, Unicode forms) apart: there `Integrator Console` and
 * `integrator console` are one folder.
 */
export function isInside(path: string, folder: string, platform: NodeJS.Platform): boolean {
  const fold = (text: string) =>
    platform === 'darwin' || platform === 'win32' ? text.normalize('NFC').toLowerCase() : text
  const rest = relative(fold(folder), fold(path))
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${sep}`))
}

/** What a folder is to the file system, whatever its name. */
export type LookUp = (path: string) => Promise<Pick<BigIntStats, 'dev' | 'ino'>>

const look: LookUp = (path) => stat(path, { bigint: true })

/**
 * Whether `path` or a folder above it is `folder` itself, by device and inode: another name for
 * the folder that realpath does not turn into its own (a macOS firmlink, where
 * `/System/Volumes/Data/Users/ana/…` is `/Users/ana/…`; a bind mount) still names it. Parts of
 * the path that do not exist (a place to save) are stepped over.
 */
export async function isInsideByIdentity(
  path: string,
  folder: string,
  lookUp: LookUp = look,
): Promise<boolean> {
  const target = await lookUp(folder).catch(() => null)
  if (target === null) return false
  for (let at = path; ; at = dirname(at)) {
    const found = await lookUp(at).catch(() => null)
    if (found !== null && found.dev === target.dev && found.ino === target.ino) return true
    if (dirname(at) === at) return false
  }
}

/**
 * Refuses a file in the console's own data folder, whatever face chose it. The folder holds the
 * settings, the certificates an import stored and the sandbox's database: a page that could be
 * granted one of them could, say, name a CA of its own as production's trust. The message names
 * the file, not the folder: the page is not told where the data folder is.
 */
export async function refuseInDataFolder(
  path: string,
  dataDirectory: string,
  platform: NodeJS.Platform,
): Promise<void> {
  const [file, folder] = await Promise.all([resolvedPath(path), resolvedPath(dataDirectory)])
  if (!isInside(file, folder, platform) && !(await isInsideByIdentity(file, folder))) return
  throw new AppError('VALIDATION', said('grantInDataFolder', { file: basename(path) }))
}

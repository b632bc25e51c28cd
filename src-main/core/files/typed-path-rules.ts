import { lstat, realpath, stat } from 'node:fs/promises'
import { dirname, extname } from 'node:path'
import type { FileFormat, FilePurpose } from '../../../src-shared/ipc'
import { said, type SharedMessageKey } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'

/**
 * The console's own file types: what it reads (a CSV, or a CSV saved as .txt; an environment's
 * certificates and keys) and writes (its CSV and JSON exports).
 */
const EXTENSIONS: Record<FilePurpose, Record<FileFormat, readonly string[]>> = {
  // A file of environments is read only as the user picked it (the window's dialog, the browser
  // shell's chooser): a typed path to a .json could be any project's credentials file.
  open: {
    csv: ['.csv', '.txt'],
    json: [],
    pem: ['.pem', '.crt', '.cer', '.key'],
    pkcs12: ['.p12', '.pfx'],
  },
  save: { csv: ['.csv'], json: ['.json'], pem: [], pkcs12: [] },
}

/**
 * Why a typed path is refused in the browser shell, judged on its text alone, or null. The shell
 * has no dialog of main's, so a page running hostile script could type any path: these rules keep
 * it away from what holds keys and settings (dot-files and dot-folders: ~/.ssh, ~/.aws, ~/.bashrc,
 * ~/.config), from a share on another machine (a UNC path sends the user's Windows credentials),
 * from an NTFS alternate stream, and from any file type the console does not make.
 */
export function typedPathProblem(
  path: string,
  purpose: FilePurpose,
  format: FileFormat,
): SharedMessageKey | null {
  if (/^[\\/]{2}/.test(path)) return 'typedPathShare'
  const parts = path.replace(/^[A-Za-z]:/, '').split(/[\\/]/)
  if (parts.some((part) => part.includes(':'))) return 'typedPathStream'
  if (parts.some((part) => part.startsWith('.'))) return 'typedPathHidden'
  if (purpose === 'open' && EXTENSIONS.open[format].length === 0) return 'typedPathOpenPicked'
  if (!EXTENSIONS[purpose][format].includes(extname(path).toLowerCase()))
    return purpose === 'open' ? 'typedPathOpenType' : 'typedPathSaveType'
  return null
}

function refused(
  key: SharedMessageKey,
  path: string,
  purpose: FilePurpose,
  format: FileFormat,
): AppError {
  // The message names the path and the cause: a field error would only say it again.
  const endings = EXTENSIONS[purpose][format].join(', ')
  return new AppError('VALIDATION', said(key, { path, endings }))
}

/**
 * A path typed in the browser shell, checked against the rules above as the file system resolves
 * it (a link to ~/.ssh/id_rsa named report.csv is judged by where it leads). A file to read must
 * be a file; a place to save must be new: the shell never replaces a file, so a page cannot
 * overwrite one the user did not mean to lose. Missing files are left for the read to report.
 */
export async function checkTypedPath(
  path: string,
  purpose: FilePurpose,
  format: FileFormat,
): Promise<void> {
  const problem = typedPathProblem(path, purpose, format)
  if (problem !== null) throw refused(problem, path, purpose, format)
  if (purpose === 'open') {
    const real = await realpath(path).catch(() => null)
    if (real === null) return
    const resolved = typedPathProblem(real, purpose, format)
    if (resolved !== null) throw refused(resolved, path, purpose, format)
    if (!(await stat(real)).isFile()) throw refused('typedPathNotFile', path, purpose, format)
    return
  }
  // Any other failure to look is left to the write, which never replaces a file either.
  const exists = await lstat(path).then(
    () => true,
    () => false,
  )
  if (exists) throw refused('typedPathExists', path, purpose, format)
  const folder = await realpath(dirname(path)).catch(() => null)
  if (folder !== null && typedPathProblem(`${folder}/x${extname(path)}`, purpose, format) !== null)
    throw refused('typedPathHidden', path, purpose, format)
}

import type { Face, FileChoiceRequest } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { Handlers } from '../wiring/dispatcher'
import type { FileGrants } from '../files/file-grants'
import { checkTypedPath } from '../files/typed-path-rules'
import type { Uploads } from '../files/uploads'

/**
 * How each face's user names a file. The window: only main's own dialog, whose save dialog asks
 * before replacing a file. The browser shell has no dialog of main's: typed paths, under rules a
 * page cannot argue with (typed-path-rules.ts): a file to read must stay the file typed, and the
 * saves are bounded (file-grants.ts). The command line: the path its user typed.
 */
export function fileHandlers(
  face: Face,
  grants: FileGrants,
  chooseFile: ((request: FileChoiceRequest) => Promise<string | null>) | undefined,
  uploads: Uploads,
): Pick<Handlers, 'files:choose' | 'files:typed' | 'files:upload'> {
  return {
    'files:choose': async (request) => {
      if (!chooseFile) return { available: false, file: null }
      const path = await chooseFile(request)
      return {
        available: true,
        file:
          path === null
            ? null
            : await grants.grant(path, request.purpose, request.format, {
                replace: request.purpose === 'save',
              }),
      }
    },
    'files:typed': async ({ purpose, format, path }) => {
      if (face === 'electron') {
        throw new AppError('VALIDATION', said('typedPathsInDialog'))
      }
      const typed = face === 'browser-shell'
      if (typed) await checkTypedPath(path, purpose, format)
      return grants.grant(path, purpose, format, { replace: face === 'cli', typed })
    },
    // The browser shell's own chooser (or a drop): bytes the page was given, never a path.
    'files:upload': async (input) => {
      if (face !== 'browser-shell') throw new AppError('VALIDATION', said('uploadNotHere'))
      return uploads.take(input)
    },
  }
}

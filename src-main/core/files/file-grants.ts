import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { FileFormat, FileGrant, FilePurpose } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../app-error'

/** A file the user chose, held by main: the page only ever sees its handle and name. */
interface Grant {
  path: string
  purpose: FilePurpose
  format: FileFormat
  /** A save may replace an existing file: the user confirmed it in the OS's dialog. */
  replace: boolean
}

/** Enough for every file a screen is working with; the oldest go first. */
const GRANTS_KEPT = 32

function notGranted(): AppError {
  return new AppError('VALIDATION', said('fileNotChosen'))
}

/**
 * The files a face's user chose (in main's own dialog, or typed where the face's rules allow),
 * each behind an opaque handle. A handle names one file for one use: a chosen CSV can be read
 * (inspected, planned, run) while held; a place to save is written once, then forgotten. No
 * channel takes a path from the page, so a page cannot name a file the user did not choose.
 */
export function createFileGrants() {
  const grants = new Map<string, Grant>()
  const forgotten = new Set<(path: string) => void>()

  function held(handle: string, purpose: FilePurpose): Grant {
    const grant = grants.get(handle)
    if (!grant || grant.purpose !== purpose) throw notGranted()
    return grant
  }

  return {
    grant(path: string, purpose: FilePurpose, format: FileFormat, replace: boolean): FileGrant {
      const handle = randomUUID()
      grants.set(handle, { path, purpose, format, replace })
      for (const [oldest, { path: old }] of grants)
        if (grants.size > GRANTS_KEPT) {
          grants.delete(oldest)
          for (const listener of forgotten) listener(old)
        }
      return { handle, name: basename(path) }
    },

    /**
     * The path of a file chosen to be read, a CSV unless said; it stays readable (a dry run,
     * then its run; an import's plan, then the import).
     */
    toRead(handle: string, format: FileFormat = 'csv'): string {
      const grant = held(handle, 'open')
      if (grant.format !== format) throw notGranted()
      return grant.path
    },

    /** Told each path whose last grant was let go to make room: its file may be cleaned up. */
    onForgotten(listener: (path: string) => void): void {
      forgotten.add(listener)
    },

    /**
     * The path of a certificate or key file chosen for an environment's TLS settings, in the
     * format its field takes. It stays held until `spend`: a save refused for another field can
     * be made again with the same choice.
     */
    toReadCertificate(handle: string, format: 'pem' | 'pkcs12'): string {
      const grant = held(handle, 'open')
      if (grant.format !== format) throw notGranted()
      return grant.path
    },

    /** Forgets grants that were used for good (a saved environment's files). */
    spend(handles: readonly string[]): void {
      for (const handle of handles) grants.delete(handle)
    },

    /** Where to save, once: the handle is spent, so a page cannot write there again. */
    toWrite(handle: string, format: FileFormat): { path: string; replace: boolean } {
      const grant = held(handle, 'save')
      if (grant.format !== format) throw notGranted()
      grants.delete(handle)
      return { path: grant.path, replace: grant.replace }
    },
  }
}
export type FileGrants = ReturnType<typeof createFileGrants>

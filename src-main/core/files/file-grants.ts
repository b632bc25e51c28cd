import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { FileFormat, FileGrant, FilePurpose } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { refuseInDataFolder } from './data-folder'
import { anyKeptUpload, keepUploadedFile, sweepKeptUploads } from './kept-upload'
import { checkPin, pinTypedFile, type FilePin } from './typed-file-pin'
import { createSaveBudget, type SaveLimits } from './typed-save-budget'
import type { WriteTarget } from './whole-file'

/** A file the user chose, held by main: the page only ever sees its handle and name. */
interface Grant {
  path: string
  purpose: FilePurpose
  format: FileFormat
  /** A save may replace an existing file: the user confirmed it in the OS's dialog. */
  replace: boolean
  /** A typed file to read: each use must find the very file granted. */
  pin: FilePin | null
  /** A typed place to save: it counts against the typed saves' limits. */
  budgeted: boolean
  /** Bytes the browser shell's page gave main (uploads.ts), in a folder that goes with it. */
  uploaded: boolean
}

export interface GrantOptions {
  replace: boolean
  /**
   * Typed in the browser shell, where a page running script could have typed it: a file to read
   * is pinned to the file it names now, a place to save is counted against the limits.
   */
  typed?: boolean
  /** Bytes the browser shell's page gave main, copied to a temporary folder (uploads.ts). */
  uploaded?: boolean
}

export interface FileGrantsOptions {
  /** The console's data folder: no grant names a file in it. */
  dataDirectory: string
  platform?: NodeJS.Platform
  typedSaveLimits?: SaveLimits
}

/** Enough for every file a screen is working with; the oldest go first. */
const GRANTS_KEPT = 32

function notGranted(): AppError {
  return new AppError('VALIDATION', said('fileNotChosen'))
}

/** The grants held, by handle, and who is told of each path let go. */
function grantTable() {
  const grants = new Map<string, Grant>()
  const forgotten = new Set<(path: string) => void>()
  const letGo = (path: string) => {
    for (const listener of forgotten) listener(path)
  }
  return {
    held: (handle: string, purpose: FilePurpose): Grant => {
      const grant = grants.get(handle)
      if (!grant || grant.purpose !== purpose) throw notGranted()
      return grant
    },
    /** Holds a grant under a new handle; past GRANTS_KEPT, the oldest is let go. */
    add(grant: Grant): string {
      const handle = randomUUID()
      grants.set(handle, grant)
      for (const [oldest, { path: old }] of grants)
        if (grants.size > GRANTS_KEPT) {
          grants.delete(oldest)
          letGo(old)
        }
      return handle
    },
    remove: (handle: string) => void grants.delete(handle),
    onForgotten: (listener: (path: string) => void): void => void forgotten.add(listener),
    spend: (handles: readonly string[]): void => {
      for (const handle of handles) {
        const grant = grants.get(handle)
        grants.delete(handle)
        // An upload served its save from the copy the data folder keeps: it can go now.
        if (grant?.uploaded) letGo(grant.path)
      }
    },
  }
}

/**
 * Removes the data folder's copies of uploads that no file `inUse` names; it is asked only
 * when a copy is kept, and nothing goes when it names nothing to judge by (null).
 */
async function sweepKept(
  dataDirectory: string,
  keptHere: Set<string>,
  inUse: () => Promise<ReadonlySet<string> | null>,
): Promise<void> {
  if (!(await anyKeptUpload(dataDirectory))) return
  const names = await inUse()
  if (names === null) return
  for (const gone of await sweepKeptUploads(dataDirectory, names, keptHere)) keptHere.delete(gone)
}

/**
 * The files a face's user chose (in main's own dialog, or typed where the face's rules allow),
 * each behind an opaque handle. A handle names one file for one use: a chosen CSV can be read
 * (inspected, planned, run) while held; a place to save is written once, then forgotten. No
 * channel takes a path from the page, so a page cannot name a file the user did not choose; and
 * no face's choice names a file in the console's own data folder (data-folder.ts).
 */
export function createFileGrants(options: FileGrantsOptions) {
  const table = grantTable()
  /** Copies of uploads this face kept, while they last: judged at once, not after a grace. */
  const keptHere = new Set<string>()
  const typedSaves = createSaveBudget(options.typedSaveLimits)

  /** A typed file is read only while its path still names the file that was typed. */
  async function toReadAs(handle: string, format: FileFormat): Promise<string> {
    const grant = table.held(handle, 'open')
    if (grant.format !== format) throw notGranted()
    if (grant.pin) await checkPin(grant.path, grant.pin)
    return grant.path
  }

  return {
    async grant(
      path: string,
      purpose: FilePurpose,
      format: FileFormat,
      { replace, typed = false, uploaded = false }: GrantOptions,
    ): Promise<FileGrant> {
      await refuseInDataFolder(path, options.dataDirectory, options.platform ?? process.platform)
      const pin = typed && purpose === 'open' ? await pinTypedFile(path) : null
      const budgeted = typed && purpose === 'save'
      if (budgeted) typedSaves.check()
      const handle = table.add({ path, purpose, format, replace, pin, budgeted, uploaded })
      return { handle, name: basename(path) }
    },

    /**
     * The path of a file chosen to be read, a CSV unless said; it stays readable (a dry run,
     * then its run; an import's plan, then the import).
     */
    toRead: (handle: string, format: FileFormat = 'csv'): Promise<string> =>
      toReadAs(handle, format),

    /** Told each path whose grant was let go (to make room, or an upload spent): its file may be cleaned up. */
    onForgotten: table.onForgotten,

    /**
     * The path of a certificate or key file chosen for an environment's TLS settings, in the
     * format its field takes: one uploaded, a copy the data folder keeps (kept-upload.ts), as
     * the environment reads it long after the upload is gone; the copy stays only if a profile
     * comes to name it (sweepKeptUploads after the save). It stays held until `spend`: a
     * save refused for another field can be made again with the same choice.
     */
    async toReadCertificate(handle: string, format: 'pem' | 'pkcs12'): Promise<string> {
      const path = await toReadAs(handle, format)
      if (!table.held(handle, 'open').uploaded) return path
      const kept = await keepUploadedFile(path, options.dataDirectory)
      keptHere.add(kept)
      return kept
    },

    /**
     * Removes the data folder's copies of uploads that no file `inUse` names; it is asked only
     * when a copy is kept, and nothing goes when it names nothing to judge by (null).
     */
    sweepKeptUploads: (inUse: () => Promise<ReadonlySet<string> | null>): Promise<void> =>
      sweepKept(options.dataDirectory, keptHere, inUse),

    /** Forgets grants that were used for good (a saved environment's files). */
    spend: table.spend,

    /**
     * Where to save, once: the handle is spent, so a page cannot write there again. A typed
     * place's bytes are counted as they are written, through the meter it comes with.
     */
    toWrite(handle: string, format: FileFormat): Promise<WriteTarget> {
      // Refused as a rejection, as the other uses of a grant are.
      return Promise.resolve().then(() => {
        const grant = table.held(handle, 'save')
        if (grant.format !== format) throw notGranted()
        table.remove(handle)
        const meter = grant.budgeted ? typedSaves.spend() : undefined
        return { path: grant.path, replace: grant.replace, meter }
      })
    },
  }
}
export type FileGrants = ReturnType<typeof createFileGrants>

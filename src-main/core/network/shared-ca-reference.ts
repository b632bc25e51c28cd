import { join } from 'node:path'

/** Where imported CAs are kept in the data folder, and how each is named there: by digest. */
export const SHARED_CA_FOLDER = 'certificates'
const SHARED_CA_FILE = /^shared-ca-([0-9a-f]{32})\.pem$/
const REFERENCE = /^shared-ca:([0-9a-f]{32})$/

/** The file of the data folder that keeps the imported CAs with this digest. */
export function sharedCaPath(dataDirectory: string, digest: string): string {
  return join(dataDirectory, SHARED_CA_FOLDER, `shared-ca-${digest}.pem`)
}

/** Whether a file name is one of the imported CAs' (for pruning the folder). */
export const isSharedCaFile = (name: string) => SHARED_CA_FILE.test(name)

/**
 * A CA file as the settings file keeps it: an imported CA by its id (`shared-ca:<digest>`), never
 * by its path in the data folder, so that no face, no hand and no page names the console's own
 * folder, and the folder may move; any other CA file by its path.
 */
export function caFileAsStored(dataDirectory: string, caFile: string | null): string | null {
  if (caFile === null) return null
  const digest = SHARED_CA_FILE.exec(
    caFile.slice(join(dataDirectory, SHARED_CA_FOLDER, '/').length),
  )
  return digest?.[1] !== undefined && caFile === sharedCaPath(dataDirectory, digest[1])
    ? `shared-ca:${digest[1]}`
    : caFile
}

/** Whether a stored CA file is an imported CA's id. */
export const isSharedCaReference = (caFile: string | null) =>
  caFile !== null && REFERENCE.test(caFile)

/** A CA file as the console reads it: an imported CA's id resolved in this data folder. */
export function caFileAsRead(dataDirectory: string, stored: unknown): unknown {
  const digest = typeof stored === 'string' ? REFERENCE.exec(stored)?.[1] : undefined
  return digest === undefined ? stored : sharedCaPath(dataDirectory, digest)
}

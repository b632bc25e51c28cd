import type { EnvironmentProfile } from '../../../src-shared/environments'
import type { Environments } from '../settings/environments'
import type { FileGrants } from './file-grants'

/** Every file a profile reads for its TLS settings. */
function tlsFilesOf({ tls }: EnvironmentProfile): string[] {
  const client = tls.clientCertificate
  const clientFiles =
    client === null
      ? []
      : client.format === 'pem'
        ? [client.certFile, client.keyFile]
        : [client.file]
  return tls.caFile === null ? clientFiles : [tls.caFile, ...clientFiles]
}

/**
 * Keeps the data folder's copies of uploaded TLS files (kept-upload.ts) to those a profile
 * names. Saves and deletes run one at a time here, each followed by a sweep: a save's copy is
 * made before the save is judged, and must not be swept by another change before it is stored.
 */
export function createKeptUploadSweeper(environments: Environments, grants: FileGrants) {
  let queue: Promise<unknown> = Promise.resolve()

  /** The files the stored profiles name; null when the settings file could not be read. */
  async function inUse(): Promise<Set<string> | null> {
    const stored = await environments.stored()
    return stored === null ? null : new Set(stored.flatMap(tlsFilesOf))
  }

  return {
    /** Runs a change of the profiles alone, then removes the copies none names, whatever it came to. */
    after<T>(change: () => Promise<T>): Promise<T> {
      // A sweep that fails leaves copies for the next one; the change's own answer stands.
      const run = queue
        .then(change)
        .finally(() => grants.sweepKeptUploads(inUse).catch(() => undefined))
      queue = run.catch(() => undefined)
      return run
    },
  }
}

import { createHash, X509Certificate } from 'node:crypto'
import { mkdir, readdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import {
  MAX_SHARED_CA_CHARS,
  PEM_CERTIFICATE_BLOCK,
  type CertificateSummary,
  type SharedTrust,
  type TlsSetting,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { writeFileAtomic } from '../storage/atomic-file'
import { isSharedCaFile, SHARED_CA_FOLDER, sharedCaPath } from './shared-ca-reference'
import { pemCertificates, readTlsFile, summaryOf } from './tls-files'

/** Certificates as one text, each as Node writes it: the same CAs read the same anywhere. */
const pemOf = (certificates: readonly X509Certificate[]) =>
  certificates.map((certificate) => certificate.toString().trim()).join('\n') + '\n'

/**
 * The trust an environment shares: null without a CA file. Only the certificates leave this
 * machine (a key put in the bundle by mistake, comments, stay). A CA file that cannot be read,
 * or above the shared size, is refused naming the environment and the file, never its path.
 */
export async function sharedTrustOf(name: string, tls: TlsSetting): Promise<SharedTrust | null> {
  if (tls.caFile === null) return null
  const shownAs = basename(tls.caFile)
  const caCertificates = pemOf(pemCertificates(await readTlsFile(tls.caFile, shownAs), shownAs))
  if (caCertificates.length > MAX_SHARED_CA_CHARS)
    throw new AppError(
      'VALIDATION',
      said('sharedCaTooLarge', {
        name,
        kib: Math.ceil(caCertificates.length / 1024),
        max: MAX_SHARED_CA_CHARS / 1024,
      }),
    )
  return { caCertificates, caOnly: tls.caOnly }
}

/**
 * The trust as an import compares it: a CA file that cannot be read now compares as different
 * from any the file brings, so that replacing it is offered.
 */
export async function heldTrustOf(tls: TlsSetting): Promise<SharedTrust | null> {
  if (tls.caFile === null) return null
  const caCertificates = await readTlsFile(tls.caFile)
    .then((bytes) => pemOf(pemCertificates(bytes, basename(tls.caFile ?? ''))))
    .catch(() => '')
  return { caCertificates, caOnly: tls.caOnly }
}

/**
 * A file's trust, each certificate parsed and written as Node writes it: one that is not a
 * certificate is refused, naming the environment, and the same CAs compare the same.
 */
export function checkedTrust(name: string, trust: SharedTrust): SharedTrust {
  const certificates = (trust.caCertificates.match(PEM_CERTIFICATE_BLOCK) ?? []).map((block) => {
    try {
      return new X509Certificate(block)
    } catch {
      throw new AppError('VALIDATION', said('sharedCaUnreadable', { name }))
    }
  })
  return { ...trust, caCertificates: pemOf(certificates) }
}

/** Whom the CA certificates a file brings name, and until when, for the plan to show. */
export function trustSummaries(trust: SharedTrust): CertificateSummary[] {
  return (trust.caCertificates.match(PEM_CERTIFICATE_BLOCK) ?? []).map((block) =>
    summaryOf(new X509Certificate(block)),
  )
}

/**
 * The TLS settings an imported trust gives an environment: its certificates kept in a file of
 * the console's data folder, named by their digest (the same CAs imported twice share one
 * file); null trusts this computer's store alone. The environment's own client certificate
 * stays as it is.
 */
export async function tlsOfSharedTrust(
  trust: SharedTrust | null,
  dataDirectory: string,
  before: TlsSetting,
): Promise<TlsSetting> {
  if (trust === null) return { ...before, caFile: null, caOnly: false }
  await mkdir(join(dataDirectory, SHARED_CA_FOLDER), { recursive: true, mode: 0o700 })
  const digest = createHash('sha256').update(trust.caCertificates).digest('hex').slice(0, 32)
  const caFile = sharedCaPath(dataDirectory, digest)
  await writeFileAtomic(caFile, trust.caCertificates)
  return { caFile, caOnly: trust.caOnly, clientCertificate: before.clientCertificate }
}

/**
 * Removes the imported CA files no environment uses any more: imports cannot pile them up in
 * the data folder, whoever asks for them.
 */
export async function pruneSharedCas(
  dataDirectory: string,
  inUse: ReadonlySet<string>,
): Promise<void> {
  const folder = join(dataDirectory, SHARED_CA_FOLDER)
  const names = await readdir(folder).catch(() => [])
  await Promise.all(
    names
      .filter((name) => isSharedCaFile(name) && !inUse.has(join(folder, name)))
      .map((name) => rm(join(folder, name), { force: true })),
  )
}

import { createHash } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import {
  MAX_SHARED_CA_CHARS,
  type SharedTrust,
  type TlsSetting,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../app-error'
import { writeFileAtomic } from '../atomic-file'
import { pemCertificates, readTlsFile } from './tls-files'

/** The CA certificates of the settings' CA file, as a file of environments shares them. */
async function caCertificatesOf(caFile: string): Promise<string> {
  const certificates = pemCertificates(await readTlsFile(caFile), caFile)
  // Only the certificates, each as Node writes it: whatever else the file holds (a key put in
  // by mistake, comments) never leaves this machine, and the same CAs read the same anywhere.
  return certificates.map((certificate) => certificate.toString().trim()).join('\n') + '\n'
}

/**
 * The trust an environment shares: null without a CA file. An unreadable CA file or one above
 * the shared size is refused, naming the environment: the export is not written without it.
 */
export async function sharedTrustOf(name: string, tls: TlsSetting): Promise<SharedTrust | null> {
  if (tls.caFile === null) return null
  const caCertificates = await caCertificatesOf(tls.caFile)
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
  const caCertificates = await caCertificatesOf(tls.caFile).catch(() => '')
  return { caCertificates, caOnly: tls.caOnly }
}

/**
 * The TLS settings an imported trust gives an environment: its certificates kept in a file of
 * the console's data folder, named by their digest (the same CAs imported twice share one
 * file), and the environment's own client certificate left as it is.
 */
export async function tlsOfSharedTrust(
  trust: SharedTrust,
  dataDirectory: string,
  before: TlsSetting,
): Promise<TlsSetting> {
  const folder = join(dataDirectory, 'certificates')
  await mkdir(folder, { recursive: true })
  const digest = createHash('sha256').update(trust.caCertificates).digest('hex').slice(0, 32)
  const caFile = join(folder, `shared-ca-${digest}.pem`)
  await writeFileAtomic(caFile, trust.caCertificates)
  return { caFile, caOnly: trust.caOnly, clientCertificate: before.clientCertificate }
}

import { X509Certificate } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import type { CertificateSummary, TlsFileView } from '../../../src-shared/environments'
import { MAX_TLS_FILE_BYTES } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { isSharedCaFile } from './shared-ca-reference'

/**
 * A certificate or key file's bytes, read by main; each failure says which file (as `shownAs`,
 * by default its name: the page is shown names, never where a file is) and why. Only a regular
 * file: a pipe or a device would never end.
 */
export async function readTlsFile(path: string, shownAs = basename(path)): Promise<Buffer> {
  try {
    const found = await stat(path)
    if (!found.isFile())
      throw new AppError('VALIDATION', said('tlsFileUnreadable', { file: shownAs, code: 'EISDIR' }))
    if (found.size > MAX_TLS_FILE_BYTES)
      throw new AppError(
        'VALIDATION',
        said('tlsFileTooLarge', { file: shownAs, kib: MAX_TLS_FILE_BYTES / 1024 }),
      )
    return await readFile(path)
  } catch (error) {
    if (error instanceof AppError) throw error
    const code = (error as { code?: unknown }).code
    throw new AppError(
      'VALIDATION',
      code === 'ENOENT'
        ? said('tlsFileMissing', { file: shownAs })
        : said('tlsFileUnreadable', { file: shownAs, code: typeof code === 'string' ? code : '?' }),
    )
  }
}

// Base64 holds no '-': the body cannot run past its END line, so a file of BEGIN lines alone
// costs one pass, not one per line (a lazy [\s\S]+? would scan to the end from each of them).
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g

/** The PEM certificates of a bundle, each parsed; a file that holds none is refused, by name. */
export function pemCertificates(bytes: Buffer, path: string): X509Certificate[] {
  const blocks = bytes.toString('latin1').match(PEM_CERTIFICATE) ?? []
  const certificates: X509Certificate[] = []
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block))
    } catch {
      // A damaged block among good ones is left out, as OpenSSL's own bundle loading does.
    }
  }
  if (certificates.length === 0)
    throw new AppError('VALIDATION', said('caFileNoCertificates', { file: basename(path) }))
  return certificates
}

/** A distinguished name on one line, as people read them: "CN=Corp Root CA, O=Corp". */
function oneLine(name: string): string {
  return name.split('\n').filter(Boolean).reverse().join(', ')
}

export function summaryOf(certificate: X509Certificate, now = Date.now()): CertificateSummary {
  return {
    subject: oneLine(certificate.subject),
    issuer: oneLine(certificate.issuer),
    validTo: new Date(certificate.validTo).toISOString(),
    expired: Date.parse(certificate.validTo) < now,
  }
}

/** Whom a certificate names, as a person knows it: its common name, else its whole subject. */
function commonNameOf(certificate: X509Certificate): string {
  const cn = certificate.subject.split('\n').find((part) => part.startsWith('CN='))
  return cn === undefined ? oneLine(certificate.subject) : cn.slice('CN='.length)
}

/** A fingerprint's first 8 bytes (AB:CD:…): enough to tell two certificates apart by eye. */
const shortFingerprint = (certificate: X509Certificate) =>
  `${certificate.fingerprint256.slice(0, 23)}…`

/**
 * A file of the TLS settings as the page shows it: by name, with what it holds, or why not. A CA
 * imported with a file of environments has no name a person gave it (the console names it by
 * digest): it is shown by whom its first certificate names. The page learns no path, its problems
 * included: they name the file as the page shows it.
 */
export async function tlsFileView(path: string, certificates: boolean): Promise<TlsFileView> {
  const name = basename(path)
  try {
    const bytes = await readTlsFile(path, name)
    const read = certificates ? pemCertificates(bytes, name) : []
    const [first] = read
    const imported = first !== undefined && isSharedCaFile(name)
    return {
      name: imported ? commonNameOf(first) : name,
      ...(imported ? { imported, fingerprint: shortFingerprint(first) } : {}),
      certificates: read.map((c) => summaryOf(c)),
      problem: null,
    }
  } catch (error) {
    return { name, certificates: [], problem: error instanceof AppError ? error.said : null }
  }
}

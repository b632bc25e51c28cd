import type { SecureContext } from 'node:tls'
import type { EnvironmentProfile, TlsSetting, TlsView } from '../../../src-shared/environments'
import { said, type Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { tls as nodeTls } from './lazy-builtins'
import { pemCertificates, readTlsFile, tlsFileView } from './tls-files'

/**
 * The certificate authorities trusted by default: Node's bundled list with NODE_EXTRA_CA_CERTS
 * (its "default" set, as this runtime reads it) and this computer's own store. Node leaves the
 * OS's store out unless started with --use-system-ca, which a packaged app cannot count on.
 */
export function defaultAuthorities(): string[] {
  return [...new Set([...nodeTls().getCACertificates('default'), ...systemAuthorities()])]
}

function systemAuthorities(): readonly string[] {
  try {
    return nodeTls().getCACertificates('system')
  } catch {
    return []
  }
}

/**
 * Whether this computer's certificate store gave the console anything: macOS and Windows
 * always have one; on Linux it is the distribution's bundle (/etc/ssl/certs), missing only on a
 * bare system. Null when it did, or where none is expected.
 */
export function systemStoreNotice(
  platform: NodeJS.Platform = process.platform,
  authorities: () => readonly string[] = systemAuthorities,
): Said | null {
  if (platform !== 'darwin' && platform !== 'win32') return null
  return authorities().length > 0 ? null : said('systemStoreEmpty')
}

const passphraseProblem = (message: string) =>
  /bad decrypt|bad password|mac verify failure|interrupted or cancelled|passphrase/i.test(message)
// OpenSSL 3 reads RC2 (`openssl pkcs12 -legacy`, many older Windows exports; 3DES it reads) only
// with its legacy provider, which Node does not load; Node then calls the file unsupported. Checked
// before keyProblem, whose "unsupported" is a PEM key in a form OpenSSL cannot decode.
const legacyPkcs12 = (message: string) => /unsupported pkcs12/i.test(message)
const keyProblem = (message: string) =>
  /key values mismatch|no start line|unsupported|decoder routines|KEY_VALUES_MISMATCH/i.test(
    message,
  )

function clientKeyFailure(environment: string, error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error)
  const reason = passphraseProblem(message)
    ? said('clientKeyPassphrase')
    : legacyPkcs12(message)
      ? said('clientKeyLegacyPkcs12')
      : keyProblem(message)
        ? said('clientKeyNoKey')
        : said('clientKeyBadFile', { error: message })
  return new AppError('VALIDATION', said('clientKeyUnusable', { environment, reason }))
}

/**
 * The TLS set-up of an environment's https calls: the authorities trusted (the default set
 * plus its CA file, or that file alone) and its client certificate, each file read now. None
 * for plain http (this machine's sandbox).
 */
export async function secureContextFor(
  profile: EnvironmentProfile,
  passphrase: string | null,
  /** One more CA file, for this process only (the command line's --ca-file). */
  extraCaFile?: string,
): Promise<SecureContext | undefined> {
  const tls = profile.tls
  if (!profile.baseUrl.startsWith('https:')) return undefined
  const ca = await authoritiesOf(tls, extraCaFile)
  const client = tls.clientCertificate
  const identity =
    client === null
      ? {}
      : client.format === 'pem'
        ? { cert: await readTlsFile(client.certFile), key: await readTlsFile(client.keyFile) }
        : { pfx: await readTlsFile(client.file) }
  try {
    return nodeTls().createSecureContext({
      ca,
      ...identity,
      ...(passphrase === null || client === null ? {} : { passphrase }),
    })
  } catch (error) {
    throw clientKeyFailure(profile.name, error)
  }
}

/** The authorities an environment trusts: the default set and its CA file, or that file alone. */
async function authoritiesOf(tls: TlsSetting, extraCaFile?: string): Promise<string[]> {
  const files = [tls.caFile, extraCaFile ?? null].filter((file) => file !== null)
  const fromFile: string[] = []
  for (const file of files)
    fromFile.push(...pemCertificates(await readTlsFile(file), file).map((c) => c.toString()))
  return tls.caOnly ? fromFile : [...defaultAuthorities(), ...fromFile]
}

/**
 * What an https:// proxy's own certificate is checked with: the environment's authorities, as a
 * service's would be, and never its client certificate, which is for the service alone.
 */
export async function proxyTrustFor(
  profile: EnvironmentProfile,
  proxyUrl: string | null,
  extraCaFile?: string,
): Promise<SecureContext | undefined> {
  if (proxyUrl === null || !proxyUrl.startsWith('https:')) return undefined
  return nodeTls().createSecureContext({ ca: await authoritiesOf(profile.tls, extraCaFile) })
}

/** The TLS settings as the page sees them: each file by name and what it holds. */
export async function tlsViewOf(tls: TlsSetting): Promise<TlsView> {
  const client = tls.clientCertificate
  return {
    caFile: tls.caFile === null ? null : await tlsFileView(tls.caFile, true),
    caOnly: tls.caOnly,
    clientCertificate:
      client === null
        ? null
        : client.format === 'pem'
          ? {
              format: 'pem',
              files: [
                await tlsFileView(client.certFile, true),
                await tlsFileView(client.keyFile, false),
              ],
            }
          : { format: 'pkcs12', files: [await tlsFileView(client.file, false)] },
  }
}

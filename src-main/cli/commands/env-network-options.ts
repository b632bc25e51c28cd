import { resolve } from 'node:path'
import type { Command } from 'commander'
import type {
  EnvironmentView,
  ProxySettingInput,
  TlsDraft,
  TlsView,
} from '../../../src-shared/environments'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT, type CliContext } from '../cli-context'
import { SAVES_NETWORK } from '../command-kit'
import { proxyOption } from '../network-override'

/** The network options of env add and env edit, as commander gives them. */
export interface NetworkOptions {
  proxy?: string
  proxyUser?: string
  caFile?: string
  removeCaFile?: boolean
  caOnly?: boolean
  clientCert?: string
  clientKey?: string
  clientPfx?: string
  removeClientCert?: boolean
}

/**
 * Declares the options that set an environment's network: its --proxy and --ca-file are the
 * program's (see command-kit.ts), which this command keeps instead of using for itself.
 */
export function withNetworkOptions(command: Command, editing: boolean): Command {
  SAVES_NETWORK.add(command)
  command
    .option(
      '--proxy-user <name>',
      "the proxy's user name (its password: env set-secret NAME proxyPassword); '' for none",
    )
    .option('--ca-only', 'trust only the --ca-file, not this computer’s store and the bundled list')
    .option('--client-cert <path>', 'a client certificate (PEM), with --client-key')
    .option(
      '--client-key <path>',
      'its private key (PEM); a passphrase: env set-secret NAME clientKeyPassphrase',
    )
    .option('--client-pfx <path>', 'a client certificate and key in one PKCS#12 file (.p12, .pfx)')
  if (editing)
    command
      .option(
        '--no-ca-only',
        'trust this computer’s store and the bundled list again, with the CA file',
      )
      .option('--remove-ca-file', 'stop trusting the CA file')
      .option('--remove-client-cert', 'stop presenting a client certificate')
  return command
}

/** The proxy a save sends: --proxy and --proxy-user over what the environment has. */
export function proxyOfOptions(
  options: NetworkOptions,
  existing: EnvironmentView['proxy'] | undefined,
): ProxySettingInput | undefined {
  const proxy: ProxySettingInput | undefined =
    options.proxy === undefined ? existing : proxyOption(options.proxy)
  if (options.proxyUser === undefined) return proxy
  if (proxy?.mode !== 'url') throw new CliFailure(EXIT.badInput, cliSaid('proxyUserNeedsUrl'))
  return { ...proxy, username: options.proxyUser === '' ? null : options.proxyUser }
}

type ClientDraft = TlsDraft['clientCertificate']

function keptClient(existing: TlsView['clientCertificate']): ClientDraft {
  if (existing === null) return null
  return existing.format === 'pem'
    ? { format: 'pem', certFile: 'keep', keyFile: 'keep' }
    : { format: 'pkcs12', file: 'keep' }
}

/**
 * The TLS part of a save: a path typed here becomes a grant (as the window's chosen files do),
 * a file not named again is kept, one named for removal goes. Undefined when nothing changes.
 */
export async function tlsOfOptions(
  context: CliContext,
  options: NetworkOptions,
  existing: TlsView | undefined,
): Promise<TlsDraft | undefined> {
  const named = [options.caFile, options.clientCert, options.clientKey, options.clientPfx]
  const changes =
    named.some((value) => value !== undefined) ||
    options.caOnly !== undefined ||
    options.removeCaFile === true ||
    options.removeClientCert === true
  if (!changes) return undefined
  const handle = async (path: string, format: 'pem' | 'pkcs12') =>
    (await context.call('files:typed', { purpose: 'open', format, path: resolve(path) })).handle
  const caFile =
    options.caFile !== undefined
      ? await handle(options.caFile, 'pem')
      : options.removeCaFile || !existing?.caFile
        ? null
        : 'keep'
  const kept = existing?.clientCertificate ?? null
  let clientCertificate: ClientDraft = options.removeClientCert ? null : keptClient(kept)
  if (options.clientPfx !== undefined)
    clientCertificate = { format: 'pkcs12', file: await handle(options.clientPfx, 'pkcs12') }
  else if (options.clientCert !== undefined || options.clientKey !== undefined) {
    const keepsPem = kept?.format === 'pem'
    const file = async (path: string | undefined) =>
      path === undefined ? (keepsPem ? 'keep' : undefined) : handle(path, 'pem')
    const certFile = await file(options.clientCert)
    const keyFile = await file(options.clientKey)
    if (certFile === undefined || keyFile === undefined)
      throw new CliFailure(EXIT.badInput, cliSaid('clientCertNeedsKey'))
    clientCertificate = { format: 'pem', certFile, keyFile }
  }
  return { caFile, caOnly: options.caOnly ?? existing?.caOnly ?? false, clientCertificate }
}

/** How an environment's calls leave and what they trust, when not as this computer is set up. */
export function networkLine(environment: Pick<EnvironmentView, 'proxy' | 'tls'>): string {
  const { proxy, tls } = environment
  const parts = [
    proxy.mode === 'url'
      ? `via ${proxy.url}${proxy.username === null ? '' : ` as ${proxy.username}`}`
      : proxy.mode === 'none'
        ? 'no proxy'
        : '',
    tls.caFile === null ? '' : `${tls.caOnly ? 'trusts only' : 'also trusts'} ${tls.caFile.name}`,
    tls.clientCertificate === null
      ? ''
      : `client certificate ${tls.clientCertificate.files.map((f) => f.name).join(' + ')}`,
  ]
  return parts
    .filter(Boolean)
    .map((part) => `  ${part}`)
    .join('')
}

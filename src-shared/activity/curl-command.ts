import { SECRET_PLACEHOLDERS, type ActivityEntry, type CallNetwork } from './activity-entry'

/** Single-quotes for the shell, except `$VARIABLE` placeholders, which must expand. */
function shellWord(value: string): string {
  return value
    .split(/(\$[A-Z_]+)/)
    .filter((part) => part !== '')
    .map((part) => (/^\$[A-Z_]+$/.test(part) ? `"${part}"` : `'${part.replace(/'/g, `'\\''`)}'`))
    .join('')
}

/**
 * curl's --cacert replaces its own authorities; the console keeps this computer's store beside
 * the file. Debian's and Ubuntu's curl (7.88 among them) take the store's folder with --capath;
 * macOS's and Windows' curl (8.x) take --ca-native, which curl before 8.2 refuses.
 */
const KEEP_STORE: Record<CallNetwork['platform'], string[]> = {
  linux: ['--capath', '/etc/ssl/certs'],
  mac: ['--ca-native'],
  windows: ['--ca-native'],
  other: [],
}

/**
 * curl's options for what the call used beyond the defaults. Files are named as the console
 * shows them, so the command runs from the folder that holds them.
 */
function networkOptions(network: CallNetwork): string[] {
  const parts: string[] = []
  if (network.proxyUser !== null)
    parts.push(
      '--proxy-user',
      shellWord(`${network.proxyUser}:${SECRET_PLACEHOLDERS.proxyPassword}`),
    )
  if (network.caFile !== null) {
    if (!network.caOnly) parts.push(...KEEP_STORE[network.platform])
    parts.push('--cacert', shellWord(network.caFile))
  }
  const client = network.clientCertificate
  if (client !== null) {
    if ('pkcs12File' in client)
      parts.push('--cert-type', 'P12', '--cert', shellWord(client.pkcs12File))
    else parts.push('--cert', shellWord(client.certFile), '--key', shellWord(client.keyFile))
    if (network.passphrase) parts.push('--pass', shellWord(SECRET_PLACEHOLDERS.clientKeyPassphrase))
  }
  return parts
}

/**
 * How the call left, told to curl. Where the proxy variables decided, nothing: curl reads them
 * as the console did (proxy-variables.ts), a login in them included. Otherwise the proxy it went
 * through, by its address alone (its user, if any, in networkOptions); or, where it went
 * straight, --noproxy, as curl would still follow the variables the console did not.
 */
function routeOptions(entry: ActivityEntry): string[] {
  if (entry.routedBy === 'variables') return []
  return entry.proxy === null ? ['--noproxy', `'*'`] : ['--proxy', shellWord(entry.proxy)]
}

/**
 * A cURL command that repeats the call. Secrets appear as shell variables ($API_KEY...), never as
 * values: whoever runs it sets them first.
 */
export function toCurlCommand(entry: ActivityEntry): string {
  const parts = ['curl', '-sS', '-X', entry.method, shellWord(entry.url), ...routeOptions(entry)]
  if (entry.network !== null) parts.push(...networkOptions(entry.network))
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    parts.push('-H', shellWord(`${name}: ${value}`))
  }
  if (entry.requestBody !== null) parts.push('--data-raw', shellWord(entry.requestBody))
  return parts.join(' ')
}

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
 * curl's options for what the call used beyond the defaults. Files are named as the console
 * shows them, so the command runs from the folder that holds them. curl's --cacert replaces its
 * own authorities: --ca-native keeps this computer's store beside the file, as the console does.
 */
function networkOptions(network: CallNetwork): string[] {
  const parts: string[] = []
  if (network.proxyUser !== null)
    parts.push(
      '--proxy-user',
      shellWord(`${network.proxyUser}:${SECRET_PLACEHOLDERS.proxyPassword}`),
    )
  if (network.caFile !== null) {
    if (!network.caOnly) parts.push('--ca-native')
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
 * A cURL command that repeats the call. Secrets appear as shell variables ($API_KEY...), never as
 * values: whoever runs it sets them first.
 */
export function toCurlCommand(entry: ActivityEntry): string {
  const parts = ['curl', '-sS', '-X', entry.method, shellWord(entry.url)]
  // The proxy it went through, by its address alone; its user, if any, with the password's variable.
  if (entry.proxy !== null) parts.push('--proxy', shellWord(entry.proxy))
  if (entry.network !== null) parts.push(...networkOptions(entry.network))
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    parts.push('-H', shellWord(`${name}: ${value}`))
  }
  if (entry.requestBody !== null) parts.push('--data-raw', shellWord(entry.requestBody))
  return parts.join(' ')
}

import { isIP } from 'node:net'

/** A host and port as a socket is given them: an IPv6 address without its brackets. */
export interface Endpoint {
  host: string
  port: number
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  'http:': 80,
  'https:': 443,
  'socks5:': 1080,
  'socks5h:': 1080,
}

export function endpointOf(url: URL): Endpoint {
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 80) : Number(url.port),
  }
}

/** Host and port as a CONNECT line and messages write them: "[::1]:443". */
export function targetOf(endpoint: Endpoint): string {
  const host = isIP(endpoint.host) === 6 ? `[${endpoint.host}]` : endpoint.host
  return `${host}:${String(endpoint.port)}`
}

/** The user name and password a proxy URL carries, as they are (URL keeps them encoded). */
export function loginOf(url: URL): { user: string; password: string } | null {
  if (url.username === '') return null
  return { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
}

/** The Proxy-Authorization header a proxy URL's user name and password make (Basic). */
export function basicAuthorization(url: URL): string | null {
  const login = loginOf(url)
  if (login === null) return null
  return `Basic ${Buffer.from(`${login.user}:${login.password}`).toString('base64')}`
}

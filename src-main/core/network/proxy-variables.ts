import { isIPv4 } from 'node:net'

/** The process's variables, as `process.env` holds them. */
export type Variables = Readonly<Record<string, string | undefined>>

/** A variable as curl reads it: set and not empty. */
function variable(variables: Variables, name: string): string | undefined {
  const value = variables[name]
  return value === undefined || value === '' ? undefined : value
}

/**
 * The proxy curl would use for a URL under these variables, or null to go straight; the same
 * rules as curl (lib/url.c, lib/noproxy.c), so that a support person's `curl` and the console
 * agree on every machine:
 * - the scheme's own variable in lower case, then in upper case (never `HTTP_PROXY`, which a web
 *   server's CGI sets from a request's `Proxy:` header), then `all_proxy`, then `ALL_PROXY`;
 *   an empty variable counts as unset;
 * - a proxy without a scheme is an http:// one, and one without a port is on 1080 (443 for
 *   https://), as libcurl's default proxy port;
 * - `no_proxy`, else `NO_PROXY`, decides first (see bypasses).
 */
export function proxyOfVariables(url: string, variables: Variables): string | null {
  if (!URL.canParse(url)) return null
  const { protocol, hostname } = new URL(url)
  const scheme = protocol.slice(0, -1).toLowerCase()
  const noProxy = variable(variables, 'no_proxy') ?? variable(variables, 'NO_PROXY')
  if (noProxy !== undefined && bypasses(hostname, noProxy)) return null
  const own = `${scheme}_proxy`
  const proxy =
    variable(variables, own) ??
    (own === 'http_proxy' ? undefined : variable(variables, own.toUpperCase())) ??
    variable(variables, 'all_proxy') ??
    variable(variables, 'ALL_PROXY')
  if (proxy === undefined) return null
  return withCurlPort(proxy.includes('://') ? proxy : `http://${proxy}`)
}

/**
 * curl's port for a proxy that names none: 1080 for http:// and SOCKS (libcurl's default proxy
 * port), 443 for https://. A port written, even the scheme's own (`:80`), is kept.
 */
function withCurlPort(proxy: string): string {
  const authority = /^[^:]+:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^/:]*)(:\d*)?/.exec(proxy)
  if (authority === null || authority[2] !== undefined || !URL.canParse(proxy)) return proxy
  const url = new URL(proxy)
  if (url.protocol === 'https:') return proxy
  const end = authority[0].length
  return `${proxy.slice(0, end)}:1080${proxy.slice(end)}`
}

/**
 * Whether a NO_PROXY list sends this host straight, as Debian's curl (7.88) decides it. The list
 * is names split by commas or blanks; `*` alone means every host. A name covers the same name and
 * the names ending in `.` and it (`corp.example` and `.corp.example` both cover
 * `api.corp.example`), a trailing dot and a leading dot ignored, with no wildcards and no ports
 * (`*.corp.example` and `host:443` cover nothing). An IPv4 address is covered by the same address
 * or a CIDR range (`10.0.0.0/8`); an IPv6 one only by itself written the same way, without
 * brackets (`::1`).
 */
export function bypasses(hostname: string, noProxy: string): boolean {
  if (noProxy === '*') return true
  const bracketed = hostname.startsWith('[') && hostname.endsWith(']')
  let name = bracketed ? hostname.slice(1, -1) : hostname
  const address = !bracketed && isIPv4(name)
  if (!address && name.endsWith('.')) name = name.slice(0, -1)
  return noProxy
    .split(/[ \t,]+/)
    .filter((token) => token !== '')
    .some((token) => (address ? rangeCovers(token, name) : nameCovers(token, name)))
}

function nameCovers(entry: string, name: string): boolean {
  let token = entry.endsWith('.') ? entry.slice(0, -1) : entry
  if (token.startsWith('.')) token = token.slice(1)
  const host = name.toLowerCase()
  token = token.toLowerCase()
  if (token.length === host.length) return token === host
  return token.length < host.length && host.endsWith(`.${token}`)
}

function rangeCovers(entry: string, address: string): boolean {
  const slash = entry.indexOf('/')
  const network = slash === -1 ? entry : entry.slice(0, slash)
  // As C's atoi: the leading digits, 0 when there are none; 0 and 32 both mean the address alone.
  const bits = slash === -1 ? 0 : Number(/^\d*/.exec(entry.slice(slash + 1))?.[0] || 0)
  if (bits > 32 || !isIPv4(network)) return false
  const prefix = bits === 0 ? 32 : bits
  return ipv4Bits(address).slice(0, prefix) === ipv4Bits(network).slice(0, prefix)
}

function ipv4Bits(address: string): string {
  return address
    .split('.')
    .map((part) => Number(part).toString(2).padStart(8, '0'))
    .join('')
}

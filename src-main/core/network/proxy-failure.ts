import { said, type Said } from '../../../src-shared/messages'
import { planOf, whichOf } from './diagnosis/plan'
import type { Route } from './route'

/** A proxy's answer to CONNECT other than 2xx, as a call or the connection test got it. */
export interface TunnelRefusal {
  status: number
  /** The proxy as messages show it (its origin, without a name or password). */
  proxy: string
  /** Where the tunnel was asked to go, as messages name it. */
  target: string
  /** Whether the request carried a user name and password (Proxy-Authorization: Basic). */
  sentCredentials: boolean
  /** The schemes of its Proxy-Authenticate challenges, where its headers were read. */
  offered?: readonly string[]
}

/**
 * What the proxy's refusal means and what to do: it wants a login the console cannot give (it
 * offers no Basic), a user name and password, or other ones (407; some proxies, tinyproxy among
 * them, answer a wrong password with 401); it could not reach the service itself (502, 503, 504);
 * or its rules will not let this address through (403 and the rest).
 */
export function tunnelRefusal(refusal: TunnelRefusal): Said {
  const { status, proxy, target, sentCredentials, offered = [] } = refusal
  if (status === 407 || status === 401) {
    if (offered.length > 0 && !offered.some((scheme) => scheme.toLowerCase() === 'basic'))
      return said('proxyLoginUnsupported', { proxy, status, schemes: offered.join(', ') })
    return sentCredentials
      ? said('proxyCredentialsRefused', { proxy, status })
      : said('proxyAuthentication', { proxy, status })
  }
  if (status === 502 || status === 503 || status === 504)
    return said('proxyCannotReach', { proxy, target, status })
  return said('proxyRefused', { proxy, url: target, status })
}

// An auth-scheme token at the start of a challenge: "Negotiate", "NTLM TlRM...", "Basic realm=...".
// A challenge's parameters (realm="...") follow it, comma-separated like the challenges themselves.
const SCHEME = /^([!#$%&'*+.^_`|~\w-]+)(?:\s|$)/

/**
 * The schemes a Proxy-Authenticate header offers, as it names them, each once (several headers
 * come joined by commas).
 */
export function offeredSchemes(header: string | undefined): string[] {
  const schemes = new Map<string, string>()
  for (const part of (header ?? '').split(',')) {
    const scheme = SCHEME.exec(part.trim())?.[1]
    if (scheme !== undefined && !schemes.has(scheme.toLowerCase()))
      schemes.set(scheme.toLowerCase(), scheme)
  }
  return [...schemes.values()]
}

/** Codes of a connection that was never made: through a proxy, the proxy's own. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

// A refused tunnel says the proxy's status line in its text (TunnelRefused, tunnel.ts).
const TUNNEL_STATUS = /\bHTTP\/\d(?:\.\d)? (\d{3})\b/

/**
 * Why a call through a proxy got no answer, when the proxy is why: it could not be reached (said
 * with where it came from: the setting, the variables, the system), or it would not open the
 * tunnel. Null for any other failure, told as the service's. Nothing reached the service in any
 * of these.
 */
export function proxyFailure(
  code: string | undefined,
  message: string,
  baseUrl: string,
  route: Extract<Route, { via: 'proxy' }>,
  /** The login schemes the proxy's refusal offered, where its headers were read. */
  offered?: readonly string[],
): Said | null {
  const proxy = route.shownAs
  if (code !== undefined && UNREACHABLE.has(code))
    return said('proxyUnreachable', { proxy, code, which: whichOf(planOf(baseUrl, route)) })
  if (code !== 'ERR_PROXY_TUNNEL') return null
  return tunnelRefusal({
    status: Number(TUNNEL_STATUS.exec(message)?.[1] ?? 0),
    proxy,
    target: baseUrl,
    // The agent sends the user name and password its proxy URL carries (route.ts puts them there).
    sentCredentials: URL.canParse(route.proxyUrl) && new URL(route.proxyUrl).username !== '',
    ...(offered === undefined ? {} : { offered }),
  })
}

import type { RouteReason } from '../../../src-shared/activity'
import type { ProxySetting } from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { proxyOfVariables } from './proxy-variables'
import { proxySchemeSupported } from './tunnel'

/**
 * How one environment's calls reach its service, and why: its own setting, the HTTPS_PROXY
 * family of variables, or what this computer's system settings say (the Electron window's
 * session: PAC, WPAD, the OS's own proxy). `proxyUrl` is what the agent is given, the password
 * included; `shownAs` is the proxy's origin alone, for messages and the activity log.
 */
export type Route =
  | { via: 'direct'; because: RouteReason }
  | { via: 'proxy'; proxyUrl: string; shownAs: string; because: RouteReason }
export type { RouteReason }

/** The proxy a URL's variables name, as curl reads them (proxy-variables.ts); null for none. */
type ProxyOfUrl = (url: string) => string | null

/**
 * The proxies this computer's system settings give a URL, in Chromium's PAC form
 * ("PROXY host:port; DIRECT"): the Electron window's `session.resolveProxy`.
 */
export type SystemProxyOfUrl = (url: string) => Promise<string>

export interface RouteSources {
  proxyOfUrl?: ProxyOfUrl
  /** Where a face can ask the system (the window); the variables decide where it cannot. */
  systemProxyOfUrl?: SystemProxyOfUrl | undefined
  /** The password of the setting's proxy user, from the keychain. */
  proxyPassword?: string | null
}

/** A URL's scheme, host and port: a socks5:// URL has no origin of its own in WHATWG's terms. */
function origin(url: string): string {
  // Not a URL, it may still carry a login (`http://ana:pw@proxy corp`): never shown.
  if (!URL.canParse(url)) return url.replace(/^([^:/]*:\/\/)?[^@/]*@/, '$1')
  const { protocol, host } = new URL(url)
  return `${protocol}//${host}`
}

// Chromium's SOCKS5 hands the proxy the name to resolve, as socks5h:// does; its SOCKS is v4.
const SCHEMES: Readonly<Record<string, string>> = {
  PROXY: 'http',
  HTTPS: 'https',
  SOCKS5: 'socks5h',
}

/** A proxy route, refused before anything is sent when the console cannot speak its kind. */
function viaProxy(proxyUrl: string, shownAs: string, because: RouteReason): Route {
  if (!proxySchemeSupported(proxyUrl)) {
    const scheme = URL.canParse(proxyUrl) ? new URL(proxyUrl).protocol.slice(0, -1) : shownAs
    throw new AppError('NETWORK', said('proxySchemeUnsupported', { proxy: shownAs, scheme }))
  }
  return { via: 'proxy', proxyUrl, shownAs, because }
}

/**
 * The route of Chromium's first answer for a URL. The first entry is the one the system means:
 * an entry the console cannot use (SOCKS, QUIC) is said, never silently skipped for DIRECT.
 */
export function routeOfPacAnswer(answer: string, url: string): Route {
  const first = answer.split(';')[0]?.trim() ?? ''
  if (first === '' || first === 'DIRECT') return { via: 'direct', because: 'system' }
  const [kind = '', hostPort = ''] = first.split(/\s+/)
  const scheme = SCHEMES[kind.toUpperCase()]
  if (scheme === undefined || !URL.canParse(`${scheme}://${hostPort}`))
    throw new AppError(
      'NETWORK',
      said('systemProxyUnsupported', { url: origin(url), proxy: first }),
    )
  const proxyUrl = origin(`${scheme}://${hostPort}`)
  return viaProxy(proxyUrl, proxyUrl, 'system')
}

// A user name without its password is no login: the proxy is asked without one, and its refusal
// says a user name and password are wanted (the password is not set yet, or not for this proxy).
function withUser(proxyUrl: string, username: string | null, password: string | null): string {
  if (username === null || password === null) return proxyUrl
  const url = new URL(proxyUrl)
  url.username = encodeURIComponent(username)
  url.password = encodeURIComponent(password)
  return url.href
}

/** The route for an environment's base URL, from its proxy setting and this computer's set-up. */
export async function routeFor(
  setting: ProxySetting,
  baseUrl: string,
  sources: RouteSources = {},
): Promise<Route> {
  // Plain http is allowed only on this computer, where it crosses no network: through a proxy it
  // would, with the apiKey and secretKey in clear, whatever a setting or a variable says.
  if (baseUrl.startsWith('http:')) return { via: 'direct', because: 'loopback' }
  if (setting.mode === 'none') return { via: 'direct', because: 'setting' }
  if (setting.mode === 'url') {
    const proxyUrl = withUser(setting.url, setting.username, sources.proxyPassword ?? null)
    return viaProxy(proxyUrl, setting.url, 'setting')
  }
  if (sources.systemProxyOfUrl !== undefined)
    return routeOfPacAnswer(await sources.systemProxyOfUrl(baseUrl), baseUrl)
  const named = (sources.proxyOfUrl ?? ((url) => proxyOfVariables(url, process.env)))(baseUrl)
  return named === null
    ? { via: 'direct', because: 'variables' }
    : viaProxy(named, origin(named), 'variables')
}

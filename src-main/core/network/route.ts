import { getProxyForUrl } from 'proxy-from-env'
import type { ProxySetting } from '../../../src-shared/environments'

/**
 * How one environment's calls reach its service, and why: straight, or through a proxy (its
 * origin; a name and password the variables carry stay with the proxy's connection).
 */
export type Route =
  | { via: 'direct'; because: 'setting' | 'variables' }
  | { via: 'proxy'; proxyUrl: string; shownAs: string; because: 'setting' | 'variables' }

/** The proxy a URL's variables name (curl's HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NO_PROXY). */
export type ProxyOfUrl = (url: string) => string

function origin(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url
}

/** The route for an environment's base URL, from its proxy setting and this computer's set-up. */
export function routeFor(
  setting: ProxySetting,
  baseUrl: string,
  proxyOfUrl: ProxyOfUrl = getProxyForUrl,
): Route {
  if (setting.mode === 'none') return { via: 'direct', because: 'setting' }
  if (setting.mode === 'url')
    return { via: 'proxy', proxyUrl: setting.url, shownAs: setting.url, because: 'setting' }
  const named = proxyOfUrl(baseUrl)
  return named === ''
    ? { via: 'direct', because: 'variables' }
    : { via: 'proxy', proxyUrl: named, shownAs: origin(named), because: 'variables' }
}

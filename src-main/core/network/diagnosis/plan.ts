import { said, type Said } from '../../../../src-shared/messages'
import { basicAuthorization, endpointOf, targetOf, type Endpoint } from '../proxy-endpoint'
import type { Route, RouteReason } from '../route'

export { targetOf, type Endpoint }

export interface ProxyHop {
  endpoint: Endpoint
  secure: boolean
  /** A SOCKS5 proxy (socks5://, socks5h://), its URL with its login: no CONNECT, no TLS to it. */
  socks: string | null
  /** The proxy's origin, without the name and password it may be given: what messages show. */
  shownAs: string
  /** The Proxy-Authorization header its user name and password make (Basic), if it has them. */
  authorization: string | null
}

/** Where a connection test's probes go, in the order a call goes there. */
export interface DiagnosisPlan {
  service: Endpoint & { secure: boolean; hostHeader: string }
  proxy: ProxyHop | null
  because: RouteReason
}

export function planOf(baseUrl: string, route: Route): DiagnosisPlan {
  const service = new URL(baseUrl)
  const proxyUrl = route.via === 'proxy' ? new URL(route.proxyUrl) : null
  return {
    service: {
      ...endpointOf(service),
      secure: service.protocol === 'https:',
      hostHeader: service.host,
    },
    proxy:
      route.via === 'proxy' && proxyUrl !== null
        ? {
            endpoint: endpointOf(proxyUrl),
            secure: proxyUrl.protocol === 'https:',
            socks: proxyUrl.protocol.startsWith('socks') ? proxyUrl.href : null,
            shownAs: route.shownAs,
            authorization: basicAuthorization(proxyUrl),
          }
        : null,
    because: route.because,
  }
}

const BECAUSE: Readonly<
  Record<RouteReason, 'becauseSetting' | 'becauseVariables' | 'becauseSystem' | 'becauseLoopback'>
> = {
  setting: 'becauseSetting',
  variables: 'becauseVariables',
  system: 'becauseSystem',
  loopback: 'becauseLoopback',
}
// A plain-http call never has a proxy (route.ts): what there is to check is its URL.
const WHICH_PROXY: Readonly<
  Record<
    RouteReason,
    'whichProxySetting' | 'whichProxyVariables' | 'whichProxySystem' | 'whichServiceUrl'
  >
> = {
  setting: 'whichProxySetting',
  variables: 'whichProxyVariables',
  system: 'whichProxySystem',
  loopback: 'whichServiceUrl',
}

/** Why the calls go through the proxy, or straight. */
export function becauseOf(plan: DiagnosisPlan): Said {
  return said(BECAUSE[plan.because])
}

/** What a person checks when the first hop fails: the proxy where it came from, or the URL. */
export function whichOf(plan: DiagnosisPlan): Said {
  return plan.proxy === null ? said('whichServiceUrl') : said(WHICH_PROXY[plan.because])
}

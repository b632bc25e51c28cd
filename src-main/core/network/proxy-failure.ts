import { said } from '../../../src-shared/messages'

/** Codes of a connection that was never made: through a proxy, the proxy's own. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

// Node says the proxy's answer to CONNECT in its error's text ("... HTTP/1.1 407 Proxy ...").
const TUNNEL_STATUS = /\bHTTP\/\d(?:\.\d)? (\d{3})\b/

/**
 * Why a call through a proxy got no answer, when the proxy is why: it could not be reached, it
 * asked for a name and password, or it would not open the tunnel. Null for any other failure,
 * told as the service's. Nothing reached the service in any of these.
 */
export function proxyFailure(
  code: string | undefined,
  message: string,
  baseUrl: string,
  proxy: string,
) {
  if (code !== undefined && UNREACHABLE.has(code)) return said('proxyUnreachable', { proxy, code })
  if (code !== 'ERR_PROXY_TUNNEL') return null
  const status = Number(TUNNEL_STATUS.exec(message)?.[1] ?? 0)
  return status === 407 || status === 401
    ? said('proxyAuthentication', { proxy, status })
    : said('proxyRefused', { proxy, url: baseUrl, status })
}

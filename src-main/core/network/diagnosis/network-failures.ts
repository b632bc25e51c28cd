import { said, type Said } from '../../../../src-shared/messages'

/** The code a probe gives when the environment's timeout ran out before it was done. */
export const DEADLINE = 'DEADLINE'

/** Why a name could not be resolved: it does not exist, or the name service did not answer. */
export function lookupFailure(code: string, host: string, which: Said, seconds: number): Said {
  if (code === DEADLINE) return said('nameLookupTimedOut', { host, seconds })
  // getaddrinfo's "no such name" (EAI_NONAME) and "temporary failure" (EAI_AGAIN), as Node names them.
  if (code === 'ENOTFOUND') return said('nameNotFound', { host, code, which })
  if (code === 'EAI_AGAIN') return said('nameServiceDown', { host, code })
  return said('nameLookupFailed', { host, code, which })
}

const NO_ROUTE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL'])

/** Why no TCP connection was made to the service, or to the proxy in its way. */
export function connectFailure(code: string, target: string, which: Said, seconds: number): Said {
  if (code === DEADLINE || code === 'ETIMEDOUT')
    return said('connectTimedOut', { target, seconds, which })
  if (code === 'ECONNREFUSED') return said('connectRefused', { target, code, which })
  if (NO_ROUTE.has(code)) return said('connectNoRoute', { target, code, which })
  if (code === 'ECONNRESET' || code === 'EPIPE') return said('connectReset', { target, code })
  return said('connectFailed', { target, code, which })
}

/** The proxy gave no answer to CONNECT: it timed out, closed, or spoke something else. */
export function tunnelFailure(code: string, proxy: string, which: Said, seconds: number): Said {
  return code === DEADLINE
    ? said('proxyTimedOut', { proxy, seconds })
    : said('proxyNoAnswer', { proxy, code, which })
}

import type { Duplex } from 'node:stream'
import { SocksRefused, socksOver } from '../tunnel'
import type { Endpoint } from './plan'
import { within, type Probe } from './probes'

/** A SOCKS proxy's answer: the tunnel it opened, or its reason for not opening one. */
export type SocksAnswer = { tunnel: Duplex } | { refused: string }

/** SOCKS5's greeting, login and CONNECT over a connection to the proxy, as calls make them. */
export function socksProbe(
  carrier: Duplex,
  proxyUrl: string,
  target: Endpoint,
  ms: number,
): Promise<Probe<SocksAnswer>> {
  return within(ms, (settle) => {
    const abandoned = new AbortController()
    socksOver(carrier, proxyUrl, target, abandoned.signal).then(
      (tunnel) => settle({ ok: true, value: { tunnel } }),
      (error: unknown) => {
        if (error instanceof SocksRefused) settle({ ok: true, value: { refused: error.message } })
        else {
          const code = (error as { code?: unknown } | null)?.code
          settle({ ok: false, code: typeof code === 'string' ? code : 'EUNKNOWN' })
        }
      },
    )
    return () => abandoned.abort()
  })
}

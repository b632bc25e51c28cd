import { lookup } from 'node:dns'
import { connect as connectTcp, isIP, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { SecureContext } from 'node:tls'
import { offeredSchemes } from '../proxy-failure'
import { DEADLINE } from './network-failures'
import { http, tls } from '../lazy-builtins'

/** A probe's result: what it found, or the error code (or DEADLINE) it stopped with. */
export type Probe<T> = { ok: true; value: T } | { ok: false; code: string }

export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : 'EUNKNOWN'
}

/**
 * Runs one probe until it settles or `ms` pass; on the deadline `abandon` (what `start` returns)
 * drops whatever the probe holds. Later events of an abandoned or settled probe are ignored.
 */
export function within<T>(
  ms: number,
  start: (settle: (result: Probe<T>) => void) => () => void,
): Promise<Probe<T>> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: Probe<T>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const timer = setTimeout(() => {
      abandon()
      settle({ ok: false, code: DEADLINE })
    }, ms)
    const abandon = start(settle)
  })
}

/** The addresses the OS's resolver (getaddrinfo, as Node's agents use it) gives a host. */
export function lookupHost(host: string, ms: number): Promise<Probe<string[]>> {
  return within(ms, (settle) => {
    lookup(host, { all: true }, (error, addresses) => {
      settle(
        error === null
          ? { ok: true, value: addresses.map(({ address }) => address) }
          : { ok: false, code: codeOf(error) },
      )
    })
    // A lookup cannot be called off: its late answer is ignored.
    return () => undefined
  })
}

/**
 * A TCP connection to a host, made as Node's agents make it: each of its addresses tried in turn
 * (IPv6 and IPv4 alike, "happy eyeballs"). The caller destroys it.
 */
export function openSocket(host: string, port: number, ms: number): Promise<Probe<Socket>> {
  return within(ms, (settle) => {
    const socket = connectTcp({ host, port })
    // Kept on: an error after the connection is settled belongs to the next probe, which listens.
    socket.on('error', (error) => {
      socket.destroy()
      settle({ ok: false, code: codeOf(error) })
    })
    socket.once('connect', () => settle({ ok: true, value: socket }))
    return () => socket.destroy()
  })
}

/** TLS to an https proxy, with the trust its calls use (the environment's). */
export function secureToProxy(
  socket: Duplex,
  host: string,
  trust: SecureContext | undefined,
  ms: number,
): Promise<Probe<Duplex>> {
  return within(ms, (settle) => {
    const secured = tls().connect({
      socket,
      host,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ...(trust === undefined ? {} : { secureContext: trust }),
    })
    secured.on('error', (error) => settle({ ok: false, code: codeOf(error) }))
    secured.once('secureConnect', () => settle({ ok: true, value: secured }))
    return () => secured.destroy()
  })
}

export interface TunnelAnswer {
  status: number
  tunnel: Duplex
  /** The login schemes its Proxy-Authenticate headers offer (a 407's). */
  offered: string[]
}

/**
 * Asks the proxy for a tunnel to `target` (host:port) over a connection to it, with its Basic
 * credentials when it has them: the proxy's status, the logins it offers, and the tunnel when it
 * opened one.
 */
export function openTunnel(
  carrier: Duplex,
  target: string,
  authorization: string | null,
  ms: number,
): Promise<Probe<TunnelAnswer>> {
  return within(ms, (settle) => {
    const asked = http().request({
      method: 'CONNECT',
      path: target,
      // Its own connection, already made: no agent, no pool.
      createConnection: () => carrier,
      headers: {
        host: target,
        ...(authorization === null ? {} : { 'proxy-authorization': authorization }),
      },
    })
    asked.once('connect', (response, tunnel) => {
      response.resume()
      const offered = offeredSchemes(response.headers['proxy-authenticate'])
      settle({ ok: true, value: { status: response.statusCode ?? 0, tunnel, offered } })
    })
    asked.on('error', (error) => settle({ ok: false, code: codeOf(error) }))
    asked.end()
    return () => asked.destroy()
  })
}

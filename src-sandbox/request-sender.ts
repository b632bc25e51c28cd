import type { IncomingHttpHeaders } from 'node:http'
import { SANDBOX_MESSAGES } from '../src-shared/messages/sandbox-messages'
import { problem } from './problem'

// A Host header as RFC 9110 has it: a bracketed IPv6 address or a name/IPv4 address, and a port.
// Anything else (a user part, a path, a space) is refused before URL parsing could read a
// loopback name out of it.
const NAME = String.raw`(?:\[[0-9a-f:.]+\]|[a-z0-9._~-]+)`
const HOST = new RegExp(String.raw`^${NAME}(?::\d{1,5})?$`, 'i')
const BARE_NAME = new RegExp(`^${NAME}$`, 'i')

function normalised(host: string): string | null {
  try {
    // URL parsing is what a browser does to a name: 127.1 and 0x7f.0.0.1 are 127.0.0.1.
    return new URL(`http://${host}`).hostname.replace(/\.$/, '')
  } catch {
    return null
  }
}

// What nearly every request sends, already in the form URL parsing gives: no URL is built for it.
const USUAL = /^(127\.0\.0\.1|localhost)(?::\d{1,5})?$/

/** The host name a Host header names, normalised; null if it names none. */
function hostnameOf(host: string | undefined): string | null {
  if (host === undefined) return null
  const usual = USUAL.exec(host)?.[1]
  if (usual !== undefined) return usual
  return HOST.test(host) ? normalised(host) : null
}

/** A name as a setting gives it (no port), normalised; null if it is not a host name. */
export function bareHostnameOf(name: string): string | null {
  return BARE_NAME.test(name) ? normalised(name) : null
}

/** A name a browser (and this machine's resolver) never sends anywhere but this machine. */
function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}

/** The names given, normalised as Host headers are; throws naming one that is not a host. */
export function allowedHostsOf(names: readonly string[]): ReadonlySet<string> {
  return new Set(
    names.map((name) => {
      const hostname = bareHostnameOf(name)
      if (hostname === null) throw new Error(`allowedHosts: ${name} is not a host name or address`)
      return hostname
    }),
  )
}

export interface Sender {
  scheme: 'http' | 'https'
  port: number
  /** Names besides loopback ones the sandbox answers to (SANDBOX_ALLOWED_HOSTS), normalised. */
  allowedHosts: ReadonlySet<string>
}

/**
 * Refuses a request not meant for this sandbox, before anything else reads it. A DNS-rebinding
 * page reaches 127.0.0.1 under its own name, and its browser sends that name as Host: 421, as
 * for any request directed at a server that does not serve that name. A page of any other
 * origin is refused with 403 whatever it asks: programs (the console's core, curl, a test
 * suite's HTTP client) send no Origin. The port of Host is not checked: a TLS front or port
 * forward on this machine changes it, and a browser sends a loopback Host only to loopback.
 */
export function refuseForeignSender(headers: IncomingHttpHeaders, sender: Sender): void {
  const hostname = hostnameOf(headers.host)
  const answered = (name: string | null): name is string =>
    name !== null && (isLoopbackHostname(name) || sender.allowedHosts.has(name))
  if (!answered(hostname))
    throw problem(421, 'misdirected', 'Misdirected request', SANDBOX_MESSAGES.hostRefused.message)
  const origin = headers.origin
  if (origin !== undefined && !isOwnOrigin(origin, sender, answered))
    throw problem(403, 'cross-origin', 'Forbidden', SANDBOX_MESSAGES.originRefused.message)
}

function isOwnOrigin(
  origin: string,
  sender: Sender,
  answered: (name: string | null) => boolean,
): boolean {
  // "null" (a sandboxed frame, a file) and anything not a URL are no origin of the sandbox's.
  if (!URL.canParse(origin)) return false
  const url = new URL(origin)
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
  return (
    url.protocol === `${sender.scheme}:` &&
    port === sender.port &&
    url.origin === origin &&
    answered(hostnameOf(url.host))
  )
}

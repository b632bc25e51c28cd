import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http'

const CHANNEL = 'http.server.request.start'

/**
 * The headers of each request for `path` that reaches a server on this process's `port`, as
 * Node's HTTP server publishes them before its handler runs: what a caller sent, whatever the
 * server did with it. Stop it once the requests of interest are made.
 */
export function requestsTo(
  server: { port: number },
  path: string,
): { headers: IncomingHttpHeaders[]; stop: () => void } {
  const headers: IncomingHttpHeaders[] = []
  const onStart = (message: unknown) => {
    const { request, server: receiving } = message as { request: IncomingMessage; server: Server }
    const address = receiving.address()
    if (typeof address !== 'object' || address?.port !== server.port) return
    if (request.url?.split('?')[0] === path) headers.push({ ...request.headers })
  }
  subscribe(CHANNEL, onStart)
  return { headers, stop: () => unsubscribe(CHANNEL, onStart) }
}

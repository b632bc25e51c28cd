import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'

export interface InterceptingProxy {
  url: string
  /** The headers of every request that reached it, opened tunnels included. */
  seen: IncomingHttpHeaders[]
  /** How many tunnels it was asked to open (CONNECT). */
  tunnels: number
  close(): Promise<void>
}

/**
 * An attacker's proxy: it opens every https tunnel itself and shows the client its own
 * certificate for the host asked for, so a client that trusts the attacker's CA hands it the
 * request, headers and all; plain requests it reads as they come. It answers every request
 * with an empty JSON object.
 */
export async function startInterceptingProxy(served: {
  key: string
  cert: string
}): Promise<InterceptingProxy> {
  const seen: IncomingHttpHeaders[] = []
  const answer = (headers: IncomingHttpHeaders, response: ServerResponse) => {
    seen.push(headers)
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  }
  const inside = createHttpsServer(served, (request, response) => answer(request.headers, response))
  const proxy = createServer((request, response) => answer(request.headers, response))
  const state = { tunnels: 0 }
  const tunnels = new Set<Duplex>()
  proxy.on('connect', (_request, socket, head) => {
    state.tunnels += 1
    tunnels.add(socket)
    socket.once('close', () => tunnels.delete(socket))
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length > 0) socket.unshift(head)
    inside.emit('connection', socket)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    get tunnels() {
      return state.tunnels
    },
    close: () =>
      new Promise((resolve) => {
        proxy.closeAllConnections()
        for (const socket of tunnels) socket.destroy()
        proxy.close(() => resolve())
      }),
  }
}

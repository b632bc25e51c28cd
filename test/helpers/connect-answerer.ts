import { createServer, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

export interface ConnectAnswerer {
  url: string
  /** The CONNECT requests it was sent, with the Proxy-Authorization header each carried. */
  asked(): { target: string; authorization: string | undefined }[]
  close(): Promise<void>
}

/**
 * A proxy that answers every CONNECT with this status line and these headers, and opens no
 * tunnel: what a proxy asking for a login it alone can check (Negotiate, NTLM), or one that
 * cannot reach the service (502), says. Listens on 127.0.0.1.
 */
export async function startConnectAnswerer(
  status: string,
  headers: readonly string[] = [],
): Promise<ConnectAnswerer> {
  const asked: { target: string; authorization: string | undefined }[] = []
  const server = createServer()
  server.on('connect', (request: IncomingMessage, socket: Socket) => {
    asked.push({ target: request.url ?? '', authorization: request.headers['proxy-authorization'] })
    socket.on('error', () => undefined)
    socket.end(
      [`HTTP/1.1 ${status}`, ...headers, 'Content-Length: 0', 'Connection: close', '', ''].join(
        '\r\n',
      ),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    url: `http://127.0.0.1:${String(port)}`,
    asked: () => [...asked],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

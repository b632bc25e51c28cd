import { connect, type Socket } from 'node:net'
import { createServer, type TLSSocket, type TlsOptions } from 'node:tls'

export interface TlsFront {
  baseUrl: string
  port: number
  /** The connections open to it now, its TLS handshake done or not. */
  openConnections(): Promise<number>
  /** What each connection that passed the handshake sent, decrypted, in order. */
  received(): string[]
  close(): Promise<void>
}

/**
 * An https front for a plain-http service on this machine (a sandbox): it ends TLS with these
 * options (a certificate of a private CA, an expired one, one for another host; a client
 * certificate required with `requestCert`) and passes the bytes on as they are, as a company's
 * TLS-terminating load balancer does.
 */
export async function startTlsFront(upstreamPort: number, options: TlsOptions): Promise<TlsFront> {
  const open = new Set<Socket>()
  const received: string[] = []
  const server = createServer(options, (secured: TLSSocket) => {
    const index = received.push('') - 1
    secured.on('data', (chunk: Buffer) => {
      received[index] = `${received[index] ?? ''}${chunk.toString('latin1')}`
    })
    const upstream = connect(upstreamPort, '127.0.0.1')
    secured.pipe(upstream).pipe(secured)
    const drop = () => {
      secured.destroy()
      upstream.destroy()
    }
    secured.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  server.on('connection', (socket: Socket) => {
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
  // A client refused at the handshake is the point of some tests, not a failure of the front.
  server.on('tlsClientError', () => undefined)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return {
    baseUrl: `https://127.0.0.1:${String(port)}`,
    port,
    openConnections: () =>
      new Promise((resolve, reject) => {
        server.getConnections((error, count) => (error ? reject(error) : resolve(count)))
      }),
    received: () => [...received],
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TokenCountingProxy {
  url: string
  /** How many requests about this user reached the service through the proxy. */
  count(token: string): number
  close(): Promise<void>
}

const USER_PATH = /^\/api\/v3\/pendingCompanyUsers\/([^/?]+)/

/** The user a request is about: in its path (Retrieve, Update) or in its body (Create). */
function tokenOf(url: string, body: string): string | null {
  const inPath = USER_PATH.exec(url)?.[1]
  if (inPath !== undefined) return decodeURIComponent(inPath)
  try {
    const { token } = JSON.parse(body) as { token?: unknown }
    return typeof token === 'string' ? token : null
  } catch {
    return null
  }
}

/**
 * A plain HTTP forwarder in front of a sandbox that counts, per user, the requests that passed:
 * how often one bulk row reached the service, measured where the service stands. An answer the
 * service drops is dropped here too, so the client sees the connection cut after its request.
 */
export async function tokenCountingProxy(target: string): Promise<TokenCountingProxy> {
  const counts = new Map<string, number>()
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const body = Buffer.concat(chunks)
      const token = tokenOf(incoming.url ?? '', body.toString('utf8'))
      if (token !== null) counts.set(token, (counts.get(token) ?? 0) + 1)
      const forwarded = request(
        new URL(incoming.url ?? '/', target),
        { method: incoming.method, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
          answer.on('error', () => outgoing.destroy())
        },
      )
      forwarded.on('error', () => outgoing.destroy())
      forwarded.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    count: (token) => counts.get(token) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface CountingProxy {
  url: string
  /** How many requests reached the service through the proxy, by "METHOD /path". */
  count(method: string, path: string): number
  close(): Promise<void>
}

/**
 * A plain HTTP forwarder in front of a sandbox that counts what passes: what a spec asks of a
 * run ("sends exactly these rows") measured where the service stands, not from the console's own
 * record of its calls.
 */
export async function countingProxy(
  target: string,
  /** Runs once the service answered a request, before the answer goes on: a change made elsewhere in between. */
  beforeAnswering: (method: string, path: string) => Promise<void> = () => Promise.resolve(),
): Promise<CountingProxy> {
  const counts = new Map<string, number>()
  const server = createServer((incoming, outgoing) => {
    const key = `${incoming.method ?? ''} ${incoming.url ?? ''}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
    const forwarded = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        void beforeAnswering(incoming.method ?? '', incoming.url ?? '').then(() => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(outgoing)
        })
      },
    )
    forwarded.on('error', () => outgoing.destroy())
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    count: (method, path) => counts.get(`${method} ${path}`) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

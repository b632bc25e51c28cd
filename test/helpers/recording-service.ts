import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordingService {
  baseUrl: string
  /** The JSON bodies of the Updates (PUT) it was sent, in order. */
  puts: unknown[]
  close(): Promise<void>
}

/**
 * A service that answers every call with the same stored record and keeps what each Update sends:
 * one that would clear every field an Update leaves out, so a test sees the whole state is sent.
 */
export async function startRecordingService(stored: object): Promise<RecordingService> {
  const puts: unknown[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (request.method === 'PUT') puts.push(JSON.parse(body))
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(stored))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    puts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

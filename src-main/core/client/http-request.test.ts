import { said } from '../../../src-shared/messages'
import { createServer, type Server } from 'node:http'
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drained } from '../../../test/helpers/transports'
import { targetFor } from '../../../test/helpers/service-target'
import { createActivityLog } from '../activity/activity-log'
import { createExchange } from './retried-call'
import { NotConnected, nodeHttpTransport } from './http-request'

/** What the exchange is told the call is for: any operation will do. */
const PROBE = said('operationRetrieveUser')

const RECORD = '{"token":"ñandú","status":2}'
const ENCODED: Record<string, Buffer> = {
  gzip: gzipSync(RECORD),
  deflate: deflateSync(RECORD),
  br: brotliCompressSync(RECORD),
  identity: Buffer.from(RECORD),
}

let server: Server
let baseUrl: string
const received: { method: string; length: string | undefined; body: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        length: request.headers['content-length'],
        body,
      })
      if (request.url === '/empty-gzip' || request.url === '/bad-gzip') {
        response.writeHead(200, { 'content-encoding': 'gzip' })
        response.end(request.url === '/bad-gzip' ? 'this is not gzip' : '')
        return
      }
      const encoding = request.url?.slice(1) ?? 'identity'
      response.writeHead(200, { 'content-encoding': encoding, 'x-two': ['a', 'b'] })
      response.end(ENCODED[encoding] ?? 'unencoded')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

async function text(path: string): Promise<string> {
  const response = await nodeHttpTransport(
    { method: 'GET', url: `${baseUrl}${path}`, headers: {}, body: null },
    new AbortController().signal,
  )
  const chunks: Uint8Array[] = []
  for await (const chunk of response.body) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

describe('the HTTP transport', () => {
  it.each(Object.keys(ENCODED))('decodes a %s body to the same text', async (encoding) => {
    expect(await text(`/${encoding}`)).toBe(RECORD)
  })

  it('reads an empty body that says it is gzip as empty', async () => {
    expect(await text('/empty-gzip')).toBe('')
  })

  it('tells a body that is not what its encoding says as a bad answer, not a lost connection', async () => {
    const target = targetFor({
      baseUrl,
      credentials: {
        apiKey: 'k'.repeat(12),
        secretKey: 's'.repeat(12),
        userTokenSecret: 'u'.repeat(12),
      },
    })
    const exchange = createExchange(target, createActivityLog())
    await expect(exchange.sendOnce(PROBE, 'GET', '/bad-gzip')).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      status: 200,
      said: expect.objectContaining({ text: expect.stringContaining('could not be read') }),
    })
  })

  it('passes an encoding it does not know through as sent', async () => {
    expect(await text('/zstd')).toBe('unencoded')
  })

  it('sends the body with its length in bytes, and reads headers by any case', async () => {
    const body = JSON.stringify({ firstname: 'Begoña' })
    const response = await nodeHttpTransport(
      { method: 'PUT', url: `${baseUrl}/identity`, headers: { 'content-type': 'x' }, body },
      new AbortController().signal,
    )
    expect(await drained(response)).toBe(Buffer.byteLength(RECORD))
    expect(received.at(-1)).toEqual({
      method: 'PUT',
      length: String(Buffer.byteLength(body)),
      body,
    })
    expect(response.header('X-Two')).toBe('a, b')
    expect(response.header('retry-after')).toBeNull()
  })

  it('fails with the socket error code when nothing listens', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    await expect(
      nodeHttpTransport(
        { method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {}, body: null },
        new AbortController().signal,
      ),
    ).rejects.toSatisfy((error) => error instanceof NotConnected && error.code === 'ECONNREFUSED')
  })
})

describe('whether a failed call may have reached the service', () => {
  /** A TCP server that takes connections and does `onData` with what arrives, or nothing. */
  async function tcpServer(onData?: (socket: Socket) => void) {
    const sockets: Socket[] = []
    const server = createTcpServer((socket) => {
      sockets.push(socket)
      if (onData) socket.once('data', () => onData(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    return {
      port,
      close: () => {
        for (const socket of sockets) socket.destroy()
        server.close()
      },
    }
  }
  const probe = (url: string, timeoutMs: number) => {
    const target = targetFor(
      {
        baseUrl: url,
        credentials: {
          apiKey: 'k'.repeat(12),
          secretKey: 's'.repeat(12),
          userTokenSecret: 'u'.repeat(12),
        },
      },
      { timeoutMs },
    )
    return createExchange(target, createActivityLog()).sendOnce(PROBE, 'POST', '/', {})
  }

  it('a connection cut after the request was written: it may have been sent', async () => {
    const server = await tcpServer((socket) => socket.destroy())
    try {
      const call = nodeHttpTransport(
        { method: 'POST', url: `http://127.0.0.1:${server.port}/`, headers: {}, body: '{}' },
        new AbortController().signal,
      )
      await expect(call).rejects.toSatisfy((error) => !(error instanceof NotConnected))
      await expect(probe(`http://127.0.0.1:${server.port}`, 5000)).rejects.toMatchObject({
        kind: 'NETWORK',
        sent: true,
      })
    } finally {
      server.close()
    }
  })

  it('a deadline met in the TLS handshake: nothing was sent, and the message says so', async () => {
    const server = await tcpServer()
    try {
      await expect(probe(`https://127.0.0.1:${server.port}`, 200)).rejects.toMatchObject({
        kind: 'TIMEOUT',
        sent: false,
        message: `Could not connect to https://127.0.0.1:${server.port} within 0.2 s; nothing was sent`,
      })
    } finally {
      server.close()
    }
  })

  it('a deadline met once the request is out: it may have been sent', async () => {
    const server = await tcpServer(() => undefined)
    try {
      await expect(probe(`http://127.0.0.1:${server.port}`, 200)).rejects.toMatchObject({
        kind: 'TIMEOUT',
        sent: true,
        message: 'No answer within 0.2 s',
      })
    } finally {
      server.close()
    }
  })
})

import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import { createGzip } from 'node:zlib'
import { ECHO_FORM_ROUTES, ECHOES, type Credentials, type EchoFormRoute } from './credential-echoes'

const KiB = 1024
const MiB = 1024 * KiB
const GiB = 1024 * MiB

/** What each route sends; the tests size their limits and deadlines against these. */
const HOSTILE = {
  /** `huge`: a body this long, announced in Content-Length. */
  hugeBytes: 2 * GiB,
  /** `gzip-bomb`: this many zeros once inflated (about 2 MiB on the wire). */
  bombInflatedBytes: 2 * GiB,
  /** `flood`: no length, a chunk this size every millisecond. */
  floodChunkBytes: 64 * KiB,
  /** `trickle`: one byte this often, far below any size limit. */
  trickleEveryMs: 50,
  /** No endless route writes for longer than this, whoever is (not) reading. */
  endlessForMs: 60_000,
} as const

export type HostileRoute =
  | 'huge'
  | 'gzip-bomb'
  | 'flood'
  | 'trickle'
  | 'echo-401'
  | 'echo-422'
  | 'echo-422-map'
  | 'echo-500'
  | EchoFormRoute
  | 'echo-forms'

export interface HostileServer {
  /** Shaped like the sandbox's, so `targetFor` builds a target from this server too. */
  credentials: { apiKey: string; secretKey: string; userTokenSecret: string }
  /** Base URL whose every path answers as `route` (the route is the first path segment). */
  baseUrlFor(route: HostileRoute): string
  baseUrl: string
  /** Answers the client walked away from before their body was complete. */
  abandoned(): number
  close(): Promise<void>
}

/** One buffer, yielded again and again: the body is generated lazily and never allocated. */
function* repeated(chunk: Buffer, total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += chunk.length) {
    yield chunk.subarray(0, Math.min(chunk.length, total - sent))
  }
}

/** One chunk every `everyMs` until the client leaves, the server closes or time runs out. */
async function* endless(chunk: Buffer, everyMs: number, signal: AbortSignal) {
  const until = Date.now() + HOSTILE.endlessForMs
  while (Date.now() < until) {
    yield chunk
    await sleep(everyMs, undefined, { signal })
  }
}

async function stream(
  response: ServerResponse,
  body: Iterable<Buffer> | AsyncIterable<Buffer>,
  { gzip = false } = {},
): Promise<void> {
  const source = Readable.from(body)
  await (gzip ? pipeline(source, createGzip({ level: 9 }), response) : pipeline(source, response))
}

/** Every request header value, as a hostile service would reflect them. */
function echoedHeaders(request: IncomingMessage): string {
  return `apiKey=${String(request.headers.apikey)} secretKey=${String(request.headers.secretkey)}`
}

function credentialsOf(request: IncomingMessage): Credentials {
  return { apiKey: String(request.headers.apikey), secretKey: String(request.headers.secretkey) }
}

function sendJson(response: ServerResponse, status: number, body: unknown, echo: string): void {
  response.writeHead(status, { 'content-type': 'application/problem+json', 'x-echo': echo })
  response.end(JSON.stringify(body))
}

/** Field errors whose names are the keys that break a plain-object accumulator. */
function pollutingFields(request: IncomingMessage) {
  const { apikey, secretkey } = request.headers
  return [
    { field: 'email', detail: `apiKey ${String(apikey)} may not register users` },
    { field: String(secretkey), detail: `secretKey ${String(secretkey)} is not accepted` },
    { field: '__proto__', detail: 'polluted' },
    { field: 'constructor', detail: 'polluted' },
  ]
}

// Object.fromEntries defines `__proto__` as an own key, so JSON.stringify writes it out.
function echo422(request: IncomingMessage, asMap: boolean): Record<string, unknown> {
  const fields = pollutingFields(request)
  const entries: [string, unknown][] = [
    ['title', 'Unprocessable Entity'],
    ['detail', `Refused for ${echoedHeaders(request)}`],
    ['errors', asMap ? Object.fromEntries(fields.map((f) => [f.field, [f.detail]])) : fields],
    ['__proto__', { polluted: true }],
    ['constructor', { prototype: { polluted: true } }],
  ]
  return Object.fromEntries(entries)
}

async function answer(
  route: string,
  request: IncomingMessage,
  response: ServerResponse,
  closing: AbortSignal,
): Promise<void> {
  const echo = echoedHeaders(request)
  switch (route) {
    case 'huge':
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': HOSTILE.hugeBytes,
      })
      return stream(response, repeated(Buffer.alloc(64 * KiB, 'a'), HOSTILE.hugeBytes))
    case 'gzip-bomb':
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      return stream(response, repeated(Buffer.alloc(64 * KiB), HOSTILE.bombInflatedBytes), {
        gzip: true,
      })
    case 'flood':
      response.writeHead(200, { 'content-type': 'application/json' })
      return stream(response, endless(Buffer.alloc(HOSTILE.floodChunkBytes, 'a'), 1, closing))
    case 'trickle':
      response.writeHead(200, { 'content-type': 'application/json' })
      return stream(response, endless(Buffer.from(' '), HOSTILE.trickleEveryMs, closing))
    case 'echo-401':
      return sendJson(response, 401, { title: 'Unauthorized', detail: `Unknown ${echo}` }, echo)
    case 'echo-422':
    case 'echo-422-map':
      return sendJson(response, 422, echo422(request, route === 'echo-422-map'), echo)
    case 'echo-long':
      response.writeHead(401, { 'content-type': 'text/plain' })
      response.end(ECHOES[route](credentialsOf(request)))
      return
    case 'echo-json':
    case 'echo-url':
    case 'echo-base64':
    case 'echo-basic':
      return sendJson(
        response,
        401,
        { title: 'Unauthorized', detail: ECHOES[route](credentialsOf(request)) },
        echo,
      )
    case 'echo-forms': {
      const credentials = credentialsOf(request)
      const errors = ECHO_FORM_ROUTES.map((form) => ({
        field: form,
        detail: ECHOES[form](credentials),
      }))
      const detail = ECHOES['echo-basic'](credentials)
      return sendJson(response, 400, { title: 'Bad Request', detail, errors }, echo)
    }
    case 'echo-500':
      // Retry-After too: the client quotes it in its error message.
      response.writeHead(500, {
        'content-type': 'text/plain',
        'x-echo': echo,
        'retry-after': String(request.headers.secretkey),
      })
      response.end(`Internal error while serving ${echo}`)
      return
    default:
      response.writeHead(404).end()
  }
}

export async function startHostileServer(): Promise<HostileServer> {
  const credentials = {
    apiKey: `hostile-api-${randomUUID()}`,
    secretKey: `hostile-secret-${randomUUID()}`,
    userTokenSecret: `hostile-uts-${randomUUID()}`,
  }
  const closing = new AbortController()
  let abandoned = 0
  const server = createServer((request, response) => {
    response.on('close', () => {
      if (!response.writableFinished) abandoned += 1
    })
    const route = new URL(request.url ?? '/', 'http://hostile').pathname.split('/')[1] ?? ''
    // A client that walks away or a closing server ends the pipeline with an error: expected.
    answer(route, request, response, closing.signal).catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}`

  return {
    credentials,
    baseUrl,
    baseUrlFor: (route) => `${baseUrl}/${route}`,
    abandoned: () => abandoned,
    async close() {
      closing.abort()
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    },
  }
}

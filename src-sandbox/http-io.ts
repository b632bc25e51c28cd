import type { IncomingMessage, ServerResponse } from 'node:http'
import { problem, type Problem } from './problem'

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  })
  response.end(text)
}

export function sendProblem(
  response: ServerResponse,
  body: Problem,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body)
  response.writeHead(body.status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  })
  response.end(text)
}

function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType)
}

/** Reads a JSON body: 415 if it is not declared JSON, 413 past maxBytes, 400 if it is not JSON. */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  if (!isJsonMediaType(request.headers['content-type'])) {
    throw problem(
      415,
      'unsupported-media-type',
      'Unsupported media type',
      'The body must be JSON, sent with Content-Type: application/json',
    )
  }
  const tooLarge = () =>
    problem(413, 'too-large', 'Body too large', `The body must be at most ${maxBytes} bytes`)
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge()

  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw problem(400, 'malformed-json', 'Malformed JSON', 'The body is not valid JSON')
  }
}

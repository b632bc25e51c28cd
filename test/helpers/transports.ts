import { Readable } from 'node:stream'
import type { HttpResponse, Transport } from '../../src-main/core/client/http-request'

/** A transport that answers every call with this status, body (text or chunks) and headers. */
export function answering(
  status: number,
  body: string | readonly Uint8Array[] = '',
  headers: Readonly<Record<string, string>> = {},
): Transport {
  const chunks = typeof body === 'string' ? [Buffer.from(body)] : body
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return () =>
    Promise.resolve({
      status,
      header: (name) => lower.get(name.toLowerCase()) ?? null,
      body: Readable.from(chunks),
    })
}

/** Reads a real answer to its end, so its connection goes back to the agent; its byte count. */
export async function drained(response: HttpResponse): Promise<number> {
  let bytes = 0
  for await (const chunk of response.body) bytes += chunk.byteLength
  return bytes
}

/** A failure of the socket, as Node's HTTP client reports one. */
export function socketFailure(code: string): Error {
  return Object.assign(new Error(`socket failure (${code})`), { code })
}

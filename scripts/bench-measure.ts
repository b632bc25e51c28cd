// `npm run bench`, core part: one operation measured through core.dispatch and as the same request
// made with node:http (the client the core's service client uses), interleaved call by call after
// a warm-up, within a time budget.

import { request as httpRequest, type Agent as HttpAgent } from 'node:http'
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https'
import { cpuNow, sized } from './bench-process'

export const WARM_UP_CALLS = sized(200, 3)
export const MEASURED_CALLS = sized(2_000, 5)
/** Per operation: a slow keychain must not stretch the whole bench past a couple of minutes. */
export const TIME_BUDGET_MS = 30_000

export interface Operation {
  name: string
  /** One call through core.dispatch; `i` keeps created tokens apart. */
  viaCore(i: number): Promise<void>
  /** The same HTTP request with node:http; reads the whole body and checks the status. */
  viaRaw(i: number): Promise<void>
}

export interface Measured {
  name: string
  calls: number
  core: number[]
  raw: number[]
  /** CPU of this process over every measured call, each side's total, where it was measured. */
  coreCpuMs?: number
  rawCpuMs?: number
}

/** The call's wall time; its CPU added to `cpu.ms`. */
async function timed(call: () => Promise<void>, cpu: { ms: number }): Promise<number> {
  const started = performance.now()
  const cpuBefore = cpuNow()
  await call()
  cpu.ms += cpuNow() - cpuBefore
  return performance.now() - started
}

/**
 * Warm-up, then measured calls, alternating core and raw call by call; the order within each
 * pair alternates too, so neither side always runs on the heels of the other.
 */
export async function measure(operation: Operation, offset: number): Promise<Measured> {
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    await operation.viaCore(offset + i)
    await operation.viaRaw(offset + i)
  }
  const core: number[] = []
  const raw: number[] = []
  const [coreCpu, rawCpu] = [{ ms: 0 }, { ms: 0 }]
  const started = performance.now()
  for (let i = 0; i < MEASURED_CALLS; i++) {
    const n = offset + WARM_UP_CALLS + i
    if (i % 2 === 0) {
      core.push(await timed(() => operation.viaCore(n), coreCpu))
      raw.push(await timed(() => operation.viaRaw(n), rawCpu))
    } else {
      raw.push(await timed(() => operation.viaRaw(n), rawCpu))
      core.push(await timed(() => operation.viaCore(n), coreCpu))
    }
    if (performance.now() - started > TIME_BUDGET_MS) break
  }
  return {
    name: operation.name,
    calls: core.length,
    core,
    raw,
    coreCpuMs: coreCpu.ms,
    rawCpuMs: rawCpu.ms,
  }
}

/**
 * A request with Node's own client on a keep-alive agent, the whole body read as text, a 2xx
 * with a body expected: a GET, or a JSON POST when a body is given.
 */
export function rawRequest(
  url: string,
  agent: HttpAgent | HttpsAgent,
  headers: Record<string, string>,
  body?: string,
): Promise<string> {
  const send = url.startsWith('https:') ? httpsRequest : httpRequest
  const method = body === undefined ? 'GET' : 'POST'
  const sentHeaders =
    body === undefined ? headers : { ...headers, 'content-type': 'application/json' }
  return new Promise((resolve, reject) => {
    const sent = send(url, { agent, headers: sentHeaders, method }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        const status = response.statusCode ?? 0
        if (status >= 200 && status < 300 && text !== '') resolve(text)
        else reject(new Error(`raw ${method}: ${status} ${text}`))
      })
    })
    sent.once('error', reject)
    sent.end(body)
  })
}

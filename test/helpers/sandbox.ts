import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, Server } from 'node:http'
import { join } from 'node:path'
import {
  startSandbox,
  type RunningSandbox,
  type StartSandboxOptions,
} from '../../src-sandbox/server'
import { makeTempDir } from './temp-dir'

export interface SandboxAnswer {
  status: number
  contentType: string
  headers: Headers
  body: unknown
  text: string
}

export interface TestSandbox extends RunningSandbox {
  databasePath: string
  auth: Record<string, string>
  call(
    method: string,
    path: string,
    options?: { json?: unknown; body?: string; headers?: Record<string, string> },
  ): Promise<SandboxAnswer>
  stop(): Promise<void>
}

export async function startTestSandbox(
  options: Partial<StartSandboxOptions> = {},
): Promise<TestSandbox> {
  const dir = makeTempDir('sandbox')
  const databasePath = options.databasePath ?? join(dir.path, 'sandbox.db')
  const sandbox = await startSandbox({ port: 0, ...options, databasePath })
  const auth = { apiKey: sandbox.credentials.apiKey, secretKey: sandbox.credentials.secretKey }

  return {
    ...sandbox,
    databasePath,
    auth,
    async call(method, path, { json, body, headers } = {}) {
      const response = await fetch(`${sandbox.baseUrl}${path}`, {
        method,
        headers: {
          ...auth,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: json === undefined ? body : JSON.stringify(json),
      })
      const text = await response.text()
      let parsed: unknown = undefined
      try {
        parsed = text === '' ? undefined : JSON.parse(text)
      } catch {
        parsed = undefined
      }
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        headers: response.headers,
        body: parsed,
        text,
      }
    },
    async stop() {
      await sandbox.close()
      dir.remove()
    },
  }
}

/**
 * Resolves once a request for `path` has reached the sandbox's handler and, if a hold is on, is
 * held: Node's HTTP server publishes each request it receives on this channel just before it
 * hands the request to the handler, which runs to the hold without awaiting anything first.
 * Called before the request is sent, so that its arrival cannot be missed.
 */
export function requestReceived(sandbox: { port: number }, path: string): Promise<void> {
  const channel = 'http.server.request.start'
  return new Promise((resolve) => {
    const onStart = (message: unknown) => {
      const { request, server } = message as { request: IncomingMessage; server: Server }
      const address = server.address()
      if (typeof address !== 'object' || address?.port !== sandbox.port) return
      if (request.url !== path) return
      unsubscribe(channel, onStart)
      // The next turn: the handler, called right after this message, has run to the hold.
      setImmediate(resolve)
    }
    subscribe(channel, onStart)
  })
}

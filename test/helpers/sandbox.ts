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

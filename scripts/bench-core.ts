// `npm run bench`, second part: what the main-process core adds to a service call. Each operation
// goes through core.dispatch (contract checks, environment, keychain, service client, activity
// log) and, call by call in the same process, as a raw fetch of the same HTTP request to the same
// loopback sandbox, which runs as a process of its own. `npm run bench` runs this file bundled as
// the app's main process is (out/bench), not through tsx's per-function helpers. Run inside scripts/with-test-keyring.sh: the core uses the real keychain of a
// throwaway GNOME Keyring, never a person's own.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../src-main/core/create-core'
import { generateSecret, type SandboxCredentials } from '../src-sandbox/options'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../src-shared/ipc'
import { createUserTokenHasher } from '../src-shared/service'

const WARM_UP_CALLS = 200
const MEASURED_CALLS = 2_000
/** Per operation: a slow keychain must not stretch the whole bench past a couple of minutes. */
const TIME_BUDGET_MS = 30_000

const USERS = '/api/v3/pendingCompanyUsers'
const BENCH_USER = 'bench-user'

interface Operation {
  name: string
  /** One call through core.dispatch; `i` keeps created tokens apart. */
  viaCore(i: number): Promise<void>
  /** The same HTTP request with fetch; reads the whole body and checks the status. */
  viaFetch(i: number): Promise<void>
}

interface Measured {
  name: string
  calls: number
  core: number[]
  raw: number[]
}

function percentile(sorted: readonly number[], p: number): number {
  // Nearest rank: p99 of 1,000 calls is the 990th fastest.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

async function timed(call: () => Promise<void>): Promise<number> {
  const started = performance.now()
  await call()
  return performance.now() - started
}

/**
 * Warm-up, then measured calls, alternating core and raw call by call; the order within each
 * pair alternates too, so neither side always runs on the heels of the other.
 */
async function measure(operation: Operation, offset: number): Promise<Measured> {
  for (let i = 0; i < WARM_UP_CALLS; i++) {
    await operation.viaCore(offset + i)
    await operation.viaFetch(offset + i)
  }
  const core: number[] = []
  const raw: number[] = []
  const started = performance.now()
  for (let i = 0; i < MEASURED_CALLS; i++) {
    const n = offset + WARM_UP_CALLS + i
    if (i % 2 === 0) {
      core.push(await timed(() => operation.viaCore(n)))
      raw.push(await timed(() => operation.viaFetch(n)))
    } else {
      raw.push(await timed(() => operation.viaFetch(n)))
      core.push(await timed(() => operation.viaCore(n)))
    }
    if (performance.now() - started > TIME_BUDGET_MS) break
  }
  return { name: operation.name, calls: core.length, core, raw }
}

function summary(results: readonly Measured[]): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`
  const ratio = (value: number) => `${value.toFixed(2)}x`
  const rows = results.map((result) => {
    const core = [...result.core].sort((a, b) => a - b)
    const raw = [...result.raw].sort((a, b) => a - b)
    const [core50, core99, raw50, raw99] = [
      percentile(core, 50),
      percentile(core, 99),
      percentile(raw, 50),
      percentile(raw, 99),
    ]
    return [
      result.name,
      String(result.calls),
      ms(core50),
      ms(core99),
      ms(raw50),
      ms(raw99),
      ratio(core50 / raw50),
      ratio(core99 / raw99),
    ]
  })
  const header = [
    'operation',
    'calls',
    'dispatch p50',
    'dispatch p99',
    'raw p50',
    'raw p99',
    'ratio p50',
    'ratio p99',
  ]
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}

interface SandboxProcess {
  baseUrl: string
  credentials: SandboxCredentials
  close(): Promise<void>
}

/**
 * The sandbox as its own process, started as `npm run sandbox` starts it (from the project
 * folder, which is where npm runs scripts): a service is never inside the console's process, and
 * in the same process its work would be counted on both sides and compete with the core's.
 */
async function startSandboxProcess(): Promise<SandboxProcess> {
  const credentials = {
    apiKey: generateSecret(),
    secretKey: generateSecret(),
    userTokenSecret: generateSecret(),
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-sandbox/cli.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DB: ':memory:',
      SANDBOX_API_KEY: credentials.apiKey,
      SANDBOX_SECRET_KEY: credentials.secretKey,
      SANDBOX_USER_TOKEN_SECRET: credentials.userTokenSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  let output = ''
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const address = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      if (address) resolve(address)
    })
    void exited.then(() => reject(new Error(`the sandbox exited before listening:\n${output}`)))
  })
  return {
    baseUrl,
    credentials,
    async close() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

async function main(): Promise<void> {
  if (process.env.INTEGRATOR_CONSOLE_TEST_KEYRING !== '1') {
    throw new Error(
      'bench-core uses the keychain: run it with `npm run bench`, which runs it inside a throwaway keyring',
    )
  }
  const sandbox = await startSandboxProcess()
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ic-bench-core-'))
  const core: Core = createCore({
    dataDirectory,
    version: '0.0.0-bench',
    face: 'electron',
    keychainService: `integrator-console-bench-${randomUUID()}`,
    log: () => undefined,
  })

  async function call<C extends Channel>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
    return result.data
  }

  try {
    const environment = await call('environments:save', {
      name: 'Bench staging',
      baseUrl: sandbox.baseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 15_000,
    })
    for (const name of ['apiKey', 'secretKey', 'userTokenSecret'] as const)
      await call('environments:setSecret', {
        id: environment.id,
        name,
        value: sandbox.credentials[name],
      })
    await call('environments:select', { id: environment.id })
    await call('users:create', { user: { token: BENCH_USER, status: 2 } })

    // The headers the core's service client sends, with the same values it reads from the keychain.
    const headers = {
      accept: 'application/json, application/problem+json',
      apiKey: sandbox.credentials.apiKey,
      secretKey: sandbox.credentials.secretKey,
    }
    async function rawFetch(path: string, init: RequestInit = {}): Promise<void> {
      const response = await fetch(`${sandbox.baseUrl}${path}`, {
        ...init,
        headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        redirect: 'manual',
      })
      const text = await response.text()
      if (response.status < 200 || response.status >= 300)
        throw new Error(`raw ${init.method ?? 'GET'} ${path}: ${response.status} ${text}`)
    }

    const hash = await createUserTokenHasher('hmac-sha256-hex', sandbox.credentials.userTokenSecret)
    const operations: Operation[] = [
      {
        name: 'users:retrieve',
        viaCore: async () => {
          await call('users:retrieve', { token: BENCH_USER })
        },
        viaFetch: () => rawFetch(`${USERS}/${encodeURIComponent(BENCH_USER)}`),
      },
      {
        name: 'users:create',
        viaCore: async (i) => {
          await call('users:create', { user: { token: `bench-core-${i}`, status: 2 } })
        },
        viaFetch: (i) =>
          rawFetch(USERS, {
            method: 'POST',
            body: JSON.stringify({ token: `bench-raw-${i}`, status: 2 }),
          }),
      },
      {
        name: 'sessions:authenticate',
        viaCore: async () => {
          await call('sessions:authenticate', {
            identifier: BENCH_USER,
            installationGuid: randomUUID(),
          })
        },
        // As the core does: the hasher made once from the secret, then the HMAC of the user.
        viaFetch: async () => {
          const query = new URLSearchParams({
            installationGuid: randomUUID(),
            userToken: await hash(BENCH_USER),
          })
          await rawFetch(`/2/authenticate?${query.toString()}`)
        },
      },
    ]

    process.stdout.write(
      `\nCore dispatch vs raw fetch: sandbox process on ${sandbox.baseUrl}, ${WARM_UP_CALLS} warm-up calls ` +
        `then up to ${MEASURED_CALLS} measured calls (or ${TIME_BUDGET_MS / 1000} s) per side and ` +
        'operation, interleaved call by call.\n' +
        'Dispatch reads its secrets through the vault from a throwaway GNOME Keyring. Raw = fetch ' +
        'with the same headers and body, whole body read, status checked.\n' +
        'sessions:authenticate: the HMAC-SHA256 userToken of the user is computed on every call on ' +
        'both sides, with a hasher made once from the secret, as the core does.\n\n',
    )
    const results: Measured[] = []
    for (const [index, operation] of operations.entries()) {
      results.push(await measure(operation, index * 1_000_000))
      process.stdout.write(`  measured ${operation.name}\n`)
    }
    process.stdout.write(`\n${summary(results)}\n`)

    // Leaves no secret of this run in the keyring, throwaway as it is.
    await call('environments:delete', { id: environment.id })
  } finally {
    await core.dispose()
    await sandbox.close()
    rmSync(dataDirectory, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})

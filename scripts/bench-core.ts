// `npm run bench`, second part: what the main-process core adds to a service call. Each operation
// goes through core.dispatch (contract checks, environment, keychain, service client, activity
// log) and, call by call in the same process, as the same HTTP request made with node:http on a
// keep-alive agent (the client the core uses: fetch would cost twice its CPU) to the same
// loopback sandbox, which runs as a process of its own (bench-sandbox-process.ts); bench-measure.ts
// times the pairs and bench-summary.ts tabulates them. `npm run bench` runs this file bundled as
// the app's main process is (out/bench), not through tsx's per-function helpers. Run inside
// scripts/with-test-keyring.sh: the core uses the real keychain of a throwaway GNOME Keyring,
// never a person's own.
import { randomUUID } from 'node:crypto'
import { Agent } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore, type Core } from '../src-main/core/create-core'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../src-shared/ipc'
import { createUserTokenHasher, userRecordSchema } from '../src-shared/service'
import {
  measure,
  MEASURED_CALLS,
  rawRequest,
  TIME_BUDGET_MS,
  WARM_UP_CALLS,
  type Measured,
  type Operation,
} from './bench-measure'
import { startSandboxProcess } from './bench-sandbox-process'
import { summary } from './bench-summary'

const USERS = '/api/v3/pendingCompanyUsers'
const BENCH_USER = 'bench-user'

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

  // Node's own client on a keep-alive agent, as the console's service client uses.
  const agent = new Agent({ keepAlive: true })

  async function call<C extends Channel>(
    channel: C,
    input: ChannelInput<C>,
  ): Promise<ChannelOutput<C>> {
    const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.said.text}`)
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
    const raw = (path: string, body?: unknown) =>
      rawRequest(
        `${sandbox.baseUrl}${path}`,
        agent,
        headers,
        body === undefined ? undefined : JSON.stringify(body),
      )

    const retrieveUrl = `${sandbox.baseUrl}${USERS}/${encodeURIComponent(BENCH_USER)}`
    const hash = await createUserTokenHasher('hmac-sha256-hex', sandbox.credentials.userTokenSecret)
    const operations: Operation[] = [
      {
        name: 'users:retrieve',
        viaCore: async () => {
          await call('users:retrieve', { token: BENCH_USER })
        },
        viaRaw: async () => {
          await rawRequest(retrieveUrl, agent, headers)
        },
      },
      {
        // The floor: that call, and the check of its answer against the contract that every
        // boundary makes (JSON.parse, then the user record's schema), which the console may not skip.
        name: 'users:retrieve vs node:http + contract',
        viaCore: async () => {
          await call('users:retrieve', { token: BENCH_USER })
        },
        viaRaw: async () => {
          const parsed = userRecordSchema.safeParse(
            JSON.parse(await rawRequest(retrieveUrl, agent, headers)),
          )
          if (!parsed.success) throw new Error('raw GET: not a user record')
        },
      },
      {
        name: 'users:create',
        viaCore: async (i) => {
          await call('users:create', { user: { token: `bench-core-${i}`, status: 2 } })
        },
        viaRaw: async (i) => {
          await raw(USERS, { token: `bench-raw-${i}`, status: 2 })
        },
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
        viaRaw: async () => {
          const query = new URLSearchParams({
            installationGuid: randomUUID(),
            userToken: await hash(BENCH_USER),
          })
          await raw(`/2/authenticate?${query.toString()}`)
        },
      },
    ]

    process.stdout.write(
      `\nCore dispatch vs raw node:http: sandbox process on ${sandbox.baseUrl}, ${WARM_UP_CALLS} warm-up calls ` +
        `then up to ${MEASURED_CALLS} measured calls (or ${TIME_BUDGET_MS / 1000} s) per side and ` +
        'operation, interleaved call by call.\n' +
        'Dispatch reads its secrets through the vault from a throwaway GNOME Keyring. Raw = node:http ' +
        'on a keep-alive agent, the same headers and body, whole body read, status checked.\n' +
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
    agent.destroy()
    await sandbox.close()
    rmSync(dataDirectory, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})

// The world every fuzz file runs in: a real core on a throwaway keychain, a staging sandbox with
// profiles pointing at it, a service that echoes its credentials, a user and a small bulk plan.
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { Channel, ChannelInput } from '../../src-shared/ipc'
import type { CreateUserRequest } from '../../src-shared/service'
import { startTestCore, type TestCore } from '../helpers/core'
import { startHostileServer, type HostileServer } from '../helpers/hostile-server'
import { makeTempDir } from '../helpers/temp-dir'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { expectContractAnswer } from './contract-answer'

export interface Fixture {
  /** A staging profile on a standalone sandbox, with its secrets set: testConnection succeeds. */
  targetId: string
  /** A profile the fuzz may rename and whose secrets it may set and clear. */
  scratchId: string
  /** A profile the fuzz may delete (once). */
  doomedId: string
  stagingBaseUrl: string
  /** A small CSV of users for the bulk channels, its dry run, and a folder to write files in. */
  csvPath: string
  planId: string
  outDir: string
  /** The CSV as chosen in main's dialog: a grant to read it. */
  csvFile: string
  /** Places chosen in main's save dialog: each grant writes once, then is spent. */
  saveFiles: string[]
  /** Another origin on this machine, where a scratch profile may be moved (its secrets drop). */
  otherBaseUrl: string
  /** A profile on a service that echoes its credentials in every form (ECHO_CREDENTIALS). */
  echoId: string
}

/** Quotes and backslashes, so that a JSON echo escapes them: no form of them may be answered. */
const ECHO_CREDENTIALS = {
  apiKey: `fuzz"echo\\api-${randomUUID()}`,
  secretKey: `fuzz\\echo"secret-${randomUUID()}`,
}

export const FUZZ_USER = 'fuzz-user'

/**
 * The one place that knows how users:create wraps the create request (its shape is
 * `{ user, confirmEnvironment? }`): the hostile keys of the plain tests go into the request itself.
 */
export const usersCreateInput = (user: CreateUserRequest): ChannelInput<'users:create'> => ({
  user,
})

export interface FuzzCore {
  readonly t: TestCore
  readonly fixture: Fixture
  /** Sends one payload as IPC would and checks the answer; returns it for further checks. */
  answer(channel: Channel, payload: unknown): Promise<unknown>
}

async function makeFixture(
  t: TestCore,
  staging: TestSandbox,
  echoing: HostileServer,
  outDir: string,
): Promise<Fixture> {
  const profile = (name: string) => ({
    name,
    baseUrl: staging.baseUrl,
    kind: 'staging' as const,
    userTokenScheme: 'hmac-sha256-hex' as const,
    timeoutMs: 5000,
  })
  const target = await t.ok('environments:save', profile('Fuzz target'))
  await t.ok('environments:setSecret', {
    id: target.id,
    name: 'apiKey',
    value: staging.credentials.apiKey,
  })
  await t.ok('environments:setSecret', {
    id: target.id,
    name: 'secretKey',
    value: staging.credentials.secretKey,
  })
  const scratch = await t.ok('environments:save', profile('Fuzz scratch'))
  const doomed = await t.ok('environments:save', profile('Fuzz doomed'))
  const echo = await t.ok('environments:save', {
    ...profile('Fuzz echo'),
    baseUrl: echoing.baseUrlFor('echo-forms'),
  })
  for (const name of ['apiKey', 'secretKey'] as const)
    await t.ok('environments:setSecret', { id: echo.id, name, value: ECHO_CREDENTIALS[name] })
  await t.ok('users:create', usersCreateInput({ token: FUZZ_USER, status: 2 }))
  const csvPath = join(outDir, 'users.csv')
  writeFileSync(csvPath, 'token;status;nombre\nfuzz-bulk-1;2;Ana\nfuzz-bulk-2;9;Eva\n')
  const csvFile = await t.file(csvPath)
  const plan = await t.ok('bulk:dryRun', {
    file: csvFile,
    mode: 'createOrUpdate',
    mapping: ['token', 'status', 'firstname'],
  })
  const saveFiles: string[] = []
  for (let i = 0; i < 8; i++)
    saveFiles.push(await t.file(join(outDir, `saved-${i}.csv`), 'save', 'csv'))
  return {
    csvPath,
    csvFile,
    saveFiles,
    otherBaseUrl: `http://127.0.0.1:${new URL(staging.baseUrl).port === '9' ? 10 : 9}`,
    planId: plan.planId,
    outDir,
    targetId: target.id,
    scratchId: scratch.id,
    doomedId: doomed.id,
    stagingBaseUrl: staging.baseUrl,
    echoId: echo.id,
  }
}

/**
 * Starts the fuzz's world before the calling describe block's tests and stops it after them. The
 * answer is usable inside tests only: its parts exist from beforeAll on.
 */
export function useFuzzCore(): FuzzCore {
  let t: TestCore | undefined
  let staging: TestSandbox | undefined
  let echoing: HostileServer | undefined
  let files: ReturnType<typeof makeTempDir> | undefined
  let fixture: Fixture | undefined

  beforeAll(async () => {
    t = startTestCore()
    staging = await startTestSandbox()
    echoing = await startHostileServer()
    files = makeTempDir('fuzz-bulk')
    fixture = await makeFixture(t, staging, echoing, files.path)
  })
  afterAll(async () => {
    await t?.stop()
    await staging?.stop()
    await echoing?.close()
    files?.remove()
  })

  function started<T>(part: T | undefined): T {
    if (part === undefined) throw new Error('the fuzz core is started in beforeAll')
    return part
  }
  return {
    get t() {
      return started(t)
    },
    get fixture() {
      return started(fixture)
    },
    answer(channel, payload) {
      const secrets = [
        ...Object.values(started(staging).credentials),
        ...Object.values(ECHO_CREDENTIALS),
      ]
      return expectContractAnswer(started(t).core, secrets, channel, payload)
    },
  }
}

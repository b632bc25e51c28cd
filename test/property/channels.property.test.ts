// Hostile input at the IPC boundary. Every face hands the page's payload to core.dispatch after a
// structured clone, so every channel is sent generated payloads through one, and every answer
// must still be a small contract envelope that left Object.prototype as it was.
//
// FUZZ_RUNS scales the run counts (default 100): `npm run fuzz` is the long run. fast-check picks
// a fresh seed per run and prints it with any counterexample; FUZZ_SEED=<seed> replays that run.
import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { z } from 'zod'
import { ACTIVITY_LIMITS } from '../../src-main/core/activity-log'
import { ROWS_PAGE_LIMIT } from '../../src-shared/bulk'
import { LOCAL_SANDBOX_ID, SECRET_NAMES, TIMEOUT_LIMITS } from '../../src-shared/environments'
import {
  CHANNELS,
  contract,
  resultSchema,
  type Channel,
  type ChannelInput,
} from '../../src-shared/ipc'
import { GENDERS, USER_STATUSES, type CreateUserRequest } from '../../src-shared/service'
import { startTestCore, type TestCore } from '../helpers/core'
import { startHostileServer, type HostileServer } from '../helpers/hostile-server'
import { secretLeaks } from '../helpers/secret-leaks'
import { makeTempDir } from '../helpers/temp-dir'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { describeWithTestKeyring } from '../helpers/test-keyring'

// ---------------------------------------------------------------------------------------------
// Run counts

function wholeNumberFromEnv(name: string, minimum: number): number | undefined {
  const value = process.env[name]
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number < minimum)
    throw new Error(`${name} must be a whole number of at least ${minimum}, not "${value}"`)
  return number
}

const FUZZ_RUNS = wholeNumberFromEnv('FUZZ_RUNS', 1) ?? 100
// fast-check's seeds are 32-bit and may be negative.
const FUZZ_SEED = wholeNumberFromEnv('FUZZ_SEED', -(2 ** 31))

/**
 * Channels whose valid input reaches the service (the embedded sandbox or a staging sandbox), the
 * keychain or the settings file: each such call costs milliseconds, not microseconds, so they get
 * fewer runs than the ones that only validate.
 */
const COSTLY = new Set<Channel>([
  'users:create',
  'users:update',
  'users:retrieve',
  'sessions:authenticate',
  'sessions:verify',
  'environments:testConnection',
  'environments:save',
  'environments:setSecret',
  'environments:clearSecret',
  'environments:select',
  'environments:delete',
  'environments:list',
  'app:info',
])

function runsFor(channel: Channel, kind: 'hostile' | 'mutation'): number {
  // Hostile payloads almost never pass validation, so they stay cheap on every channel.
  if (kind === 'hostile' || !COSTLY.has(channel)) return FUZZ_RUNS
  return Math.max(5, Math.round(FUZZ_RUNS / 2))
}

/** Room for the runs, and for shrinking a counterexample, within vitest's per-test limit. */
function timeoutFor(runs: number, costly: boolean): number {
  return 30_000 + runs * (costly ? 300 : 30)
}

function parameters<T>(numRuns: number): fc.Parameters<T> {
  return FUZZ_SEED === undefined ? { numRuns } : { numRuns, seed: FUZZ_SEED }
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Keys that reach into Object.prototype when code writes `target[key]` or reads it unchecked. */
const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'polluted',
] as const

/** Names the contract knows, so hostile keys land next to (and on top of) real fields. */
const KNOWN_FIELDS = [
  'id',
  'name',
  'value',
  'baseUrl',
  'kind',
  'timeoutMs',
  'token',
  'status',
  'changes',
  'user',
  'confirmEnvironment',
  'identifier',
  'userToken',
  'installationGuid',
] as const

const MAX_STRING_CHARS = 100 * 1024
/** V8's structured clone overflows its stack near 2,000 levels; IPC could not carry deeper. */
const MAX_DEPTH = 1_000
const MAX_UNKNOWN_KEYS = 3_000

/** Sets a key as an own data property: `target[key] = value` would set the prototype for __proto__. */
function withOwnKeys<T extends object>(
  target: T,
  entries: readonly (readonly [string, unknown])[],
): T {
  for (const [key, value] of entries)
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  return target
}

const hostileKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...KNOWN_FIELDS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 16, unit: 'binary' }) },
)

const oddValue = fc.constantFrom<unknown>(
  undefined,
  null,
  true,
  false,
  '',
  ' ',
  '\u0000',
  '\u2028',
  '\ud800',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  NaN,
  -0,
  Infinity,
  -Infinity,
  Number.MAX_VALUE,
  2 ** 53 + 1,
  [],
  {},
)

const leaf = fc.oneof(oddValue, fc.string({ maxLength: 32 }), fc.integer(), fc.double())

const hugeString = fc
  .tuple(
    fc.string({ minLength: 1, maxLength: 4, unit: 'binary' }),
    fc.integer({ min: 1_000, max: MAX_STRING_CHARS }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))

const deepNesting = fc
  .tuple(fc.integer({ min: 10, max: MAX_DEPTH }), fc.boolean(), hostileKey, leaf)
  .map(([depth, arrays, key, bottom]) => {
    let value: unknown = bottom
    for (let level = 0; level < depth; level++)
      value = arrays ? [value] : withOwnKeys({}, [[key, value]])
    return value
  })

const manyKeyEntries = fc
  .tuple(fc.integer({ min: 50, max: MAX_UNKNOWN_KEYS }), fc.string({ maxLength: 6 }), leaf)
  .map(([count, prefix, value]) =>
    Array.from({ length: count }, (_, index) => [`${prefix}${index}`, value] as const),
  )

/** The classic pollution payloads, as own keys: JSON.parse makes them so, and so can a page. */
const pollutionAttempt = fc.constantFrom<() => unknown>(
  () => withOwnKeys({}, [['__proto__', { polluted: 'yes' }]]),
  () => withOwnKeys({}, [['constructor', { prototype: { polluted: 'yes' } }]]),
  () => JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":1}}}'),
  () => withOwnKeys({}, [['__proto__', withOwnKeys({}, [['__proto__', { polluted: 'yes' }]])]]),
)

const hostileObject = fc
  .array(
    fc.tuple(
      hostileKey,
      fc.oneof(
        leaf,
        pollutionAttempt.map((make) => make()),
      ),
    ),
    {
      maxLength: 8,
    },
  )
  .map((entries) => withOwnKeys({}, entries))

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileObject },
  {
    weight: 4,
    arbitrary: fc.anything({
      key: hostileKey,
      maxDepth: 3,
      maxKeys: 8,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      stringUnit: 'binary',
    }),
  },
  { weight: 2, arbitrary: oddValue },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: manyKeyEntries.map((entries) => withOwnKeys({}, entries)) },
  { weight: 1, arbitrary: pollutionAttempt.map((make) => make()) },
)

// ---------------------------------------------------------------------------------------------
// Valid inputs, one generator per channel

interface Fixture {
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

const FUZZ_USER = 'fuzz-user'

/**
 * The one place that knows how users:create wraps the create request (its shape is
 * `{ user, confirmEnvironment? }`): the hostile keys of the plain tests go into the request itself.
 */
const usersCreateInput = (user: CreateUserRequest): ChannelInput<'users:create'> => ({ user })

const tokenArb = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}[a-z0-9]$/)
const nameArb = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,20}[A-Za-z]$/)

function validInputs(f: Fixture): { [C in Channel]: fc.Arbitrary<ChannelInput<C>> } {
  return {
    'app:info': fc.constant(undefined),
    'preferences:get': fc.constant(undefined),
    'preferences:set': fc.record({ language: fc.constantFrom('en' as const, 'es' as const, null) }),
    'environments:list': fc.constant(undefined),
    'environments:save': fc.record({
      // Always the scratch profile: a draft without an id would add a profile per run.
      id: fc.constant(f.scratchId),
      // Loopback only: a hostile change must never send the fuzz to a real host. Moving the
      // profile between origins and kinds drops its secrets.
      baseUrl: fc.constantFrom(f.stagingBaseUrl, f.otherBaseUrl),
      kind: fc.constantFrom('staging', 'sandbox'),
      userTokenScheme: fc.constantFrom('hmac-sha256-hex', 'plain'),
      // Never the built-in's name, and never another profile's: a clash is a VALIDATION answer.
      name: nameArb.map((name) => `Fuzz scratch ${name}`),
      timeoutMs: fc.integer({ min: TIMEOUT_LIMITS.min, max: TIMEOUT_LIMITS.max }),
    }),
    'environments:delete': fc.record({ id: fc.constantFrom(f.doomedId, 'no-such-environment') }),
    // The active environment stays the Local sandbox, so user calls never leave loopback.
    'environments:select': fc.constant({ id: LOCAL_SANDBOX_ID }),
    'environments:setSecret': fc.record({
      id: fc.constant(f.scratchId),
      name: fc.constantFrom(...SECRET_NAMES),
      value: fc.stringMatching(/^[!-~]{8,64}$/),
    }),
    'environments:clearSecret': fc.record({
      id: fc.constant(f.scratchId),
      name: fc.constantFrom(...SECRET_NAMES),
    }),
    'environments:testConnection': fc.record({
      id: fc.constantFrom(f.targetId, f.echoId, LOCAL_SANDBOX_ID),
    }),
    'users:create': fc
      .record(
        {
          token: tokenArb.map((token) => `fuzz-${token}`),
          status: fc.constantFrom(...USER_STATUSES),
          firstname: nameArb,
          gender: fc.constantFrom(...GENDERS),
          mobile_phone: fc.stringMatching(/^\d{9}$/),
        },
        { requiredKeys: ['token', 'status'] },
      )
      .map(usersCreateInput),
    'users:update': fc.record({
      token: fc.constant(FUZZ_USER),
      changes: fc.record(
        { status: fc.constantFrom(...USER_STATUSES), lastname: fc.option(nameArb) },
        { requiredKeys: ['status'] },
      ),
      // A base the service may or may not still hold: written, or refused as a conflict.
      base: fc.record({
        token: fc.constant(FUZZ_USER),
        status: fc.constantFrom(...USER_STATUSES),
        lastname: fc.option(nameArb),
      }),
    }),
    'users:retrieve': fc.record({ token: fc.constantFrom(FUZZ_USER, 'fuzz-nobody') }),
    'sessions:authenticate': fc.oneof(
      fc.record(
        { identifier: fc.constantFrom(FUZZ_USER, 'fuzz-nobody'), installationGuid: fc.uuid() },
        { requiredKeys: ['identifier'] },
      ),
      fc.record(
        { userToken: fc.stringMatching(/^[0-9a-f]{64}$/), installationGuid: fc.uuid() },
        { requiredKeys: ['userToken'] },
      ),
    ),
    'sessions:verify': fc.record({
      jwt: fc.oneof(
        // The contract trims the token first: a blank one is refused, not a valid sample.
        fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim() !== ''),
        fc
          .tuple(fc.base64String(), fc.base64String(), fc.base64String())
          .map((parts) => parts.join('.')),
      ),
    }),
    'activity:list': fc.constant(undefined),
    'activity:clear': fc.constant(undefined),
    // A grant the user gave, or a handle nobody gave: a forged one is refused.
    'bulk:inspect': fc.record({ file: fc.oneof(fc.constant(f.csvFile), fc.uuid()) }),
    'bulk:dryRun': fc.record({
      file: fc.oneof(fc.constant(f.csvFile), fc.uuid()),
      mode: fc.constantFrom('create', 'createOrUpdate', 'update'),
      mapping: fc.constant<('token' | 'status' | 'firstname')[]>(['token', 'status', 'firstname']),
    }),
    'bulk:rows': fc.record({
      planId: fc.oneof(fc.constant(f.planId), fc.uuid()),
      offset: fc.nat({ max: 10 }),
      limit: fc.integer({ min: 1, max: ROWS_PAGE_LIMIT }),
      only: fc.constantFrom('all', 'invalid'),
    }),
    'bulk:saveInvalid': fc.record({
      planId: fc.constant(f.planId),
      // A save grant writes once; a read grant or a forged handle never writes.
      file: fc.constantFrom(...f.saveFiles, f.csvFile),
    }),
    'bulk:start': fc.record({
      planId: fc.constant(f.planId),
      concurrency: fc.integer({ min: 1, max: 4 }),
    }),
    'bulk:control': fc.record({
      runId: fc.uuid(),
      action: fc.constantFrom('pause', 'resume', 'cancel'),
    }),
    'bulk:progress': fc.record({ runId: fc.uuid() }),
    'bulk:current': fc.constant(undefined),
    'bulk:saveResults': fc.record({
      runId: fc.uuid(),
      file: fc.oneof(fc.constantFrom(...f.saveFiles), fc.uuid()),
    }),
    'bulk:results': fc.record({
      runId: fc.uuid(),
      show: fc.constantFrom('all', 'attention', 'succeeded', 'invalid'),
      offset: fc.nat(),
      limit: fc.integer({ min: 1, max: 500 }),
    }),
    'bulk:rerun': fc.record({ runId: fc.uuid(), concurrency: fc.integer({ min: 1, max: 4 }) }),
    'bulk:resumable': fc.constant(undefined),
    'bulk:resume': fc.record(
      {
        runId: fc.uuid(),
        concurrency: fc.integer({ min: 1, max: 4 }),
        file: fc.oneof(fc.constant(f.csvFile), fc.uuid()),
      },
      { requiredKeys: ['runId', 'concurrency'] },
    ),
    'bulk:discard': fc.record({ runId: fc.uuid() }),
    'files:choose': fc.record(
      {
        purpose: fc.constantFrom('open', 'save'),
        format: fc.constantFrom('csv', 'json'),
        suggestedName: tokenArb.map((name) => `${name}.csv`),
        allFilesName: fc.constantFrom('All files', 'Todos los archivos'),
      },
      { requiredKeys: ['purpose', 'format', 'allFilesName'] },
    ),
    // The window takes no typed path: every one is refused, whatever it names.
    'files:typed': fc.record({
      purpose: fc.constantFrom('open', 'save'),
      format: fc.constantFrom('csv', 'json'),
      path: fc.oneof(
        tokenArb.map((name) => join(f.outDir, `${name}.csv`)),
        fc.constantFrom(f.csvPath, '/etc/passwd', join(f.outDir, '.bashrc')),
      ),
    }),
    'files:upload': fc.record({
      upload: fc.constant(null),
      name: fc.constantFrom('rows.csv', 'notes.txt', 'x.exe'),
      data: fc.base64String({ maxLength: 64 }),
      last: fc.boolean(),
    }),
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations of a valid input

type Mutation =
  | { kind: 'add keys'; entries: readonly (readonly [string, unknown])[] }
  | { kind: 'swap a field'; value: unknown }
  | { kind: 'drop a field' }
  | { kind: 'replace the object'; value: unknown }

// Added keys are weighted up: where a schema drops unknown keys, they are what reaches a handler.
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(hostileKey, hostileValue), { minLength: 1, maxLength: 6 })
      .map((entries) => ({ kind: 'add keys', entries }) as const),
  },
  {
    weight: 1,
    arbitrary: manyKeyEntries.map((entries) => ({ kind: 'add keys', entries }) as const),
  },
  { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'swap a field', value }) as const) },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop a field' } as const) },
  {
    weight: 1,
    arbitrary: hostileValue.map((value) => ({ kind: 'replace the object', value }) as const),
  },
)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The input and every object inside it, so nested fields (users:update's changes) are hit too. */
function objectsIn(
  value: unknown,
  found: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  if (!isRecord(value)) return found
  found.push(value)
  for (const key of Object.keys(value)) objectsIn(value[key], found)
  return found
}

function mutate(valid: unknown, where: number, which: number, change: Mutation): unknown {
  const input: unknown = structuredClone(valid)
  const objects = objectsIn(input)
  const target = objects[where % Math.max(1, objects.length)]
  // Inputs that are not objects (the channels that take none) get the hostile value whole.
  if (target === undefined) {
    if (change.kind === 'add keys') return withOwnKeys({}, change.entries)
    return change.kind === 'drop a field' ? null : change.value
  }
  const keys = Object.keys(target)
  const key = keys[which % Math.max(1, keys.length)]
  switch (change.kind) {
    case 'add keys':
      withOwnKeys(target, change.entries)
      break
    case 'swap a field':
      if (key !== undefined) withOwnKeys(target, [[key, change.value]])
      break
    case 'drop a field':
      if (key !== undefined) Reflect.deleteProperty(target, key)
      break
    case 'replace the object':
      if (target === input) return change.value
      for (const parent of objects)
        for (const parentKey of Object.keys(parent))
          if (parent[parentKey] === target) withOwnKeys(parent, [[parentKey, change.value]])
      break
  }
  return input
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

/** The largest serialized answer any input may cause. */
const MAX_ANSWER_CHARS = 64 * 1024
/**
 * activity:list answers with the call history, not with anything of its input: its size is
 * bounded by the log's own limits (200 entries, bodies clipped at 20,000 characters), and a long
 * fuzz fills that log with real calls. Its refusals are held to the common bound.
 */
const MAX_ACTIVITY_LIST_CHARS = ACTIVITY_LIMITS.entries * (2 * ACTIVITY_LIMITS.bodyChars + 4096)

const answerSchemas = new Map<Channel, z.ZodType>(
  CHANNELS.map((channel) => [channel, resultSchema(contract[channel].output)]),
)

const prototypeKeysAtStart = Object.getOwnPropertyNames(Object.prototype)

function serializedSize(answer: unknown): number {
  try {
    return JSON.stringify(answer).length
  } catch {
    // Beyond V8's longest string: far too large in any case.
    return Number.POSITIVE_INFINITY
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

function expectNoPrototypePollution(): void {
  const added = Object.getOwnPropertyNames(Object.prototype).filter(
    (key) => !prototypeKeysAtStart.includes(key),
  )
  const polluted = ({} as Record<string, unknown>).polluted
  // Put right before failing, so shrinking (and every later test) starts from a clean prototype.
  for (const key of added) Reflect.deleteProperty(Object.prototype, key)
  expect(added, 'new own keys on Object.prototype').toEqual([])
  expect(polluted, '({}).polluted').toBeUndefined()
}

describeWithTestKeyring('every IPC channel under hostile input', () => {
  let t: TestCore
  let staging: TestSandbox
  let echoing: HostileServer
  let fixture: Fixture
  let files: ReturnType<typeof makeTempDir>

  beforeAll(async () => {
    t = startTestCore()
    staging = await startTestSandbox()
    echoing = await startHostileServer()
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
    files = makeTempDir('fuzz-bulk')
    const csvPath = join(files.path, 'users.csv')
    writeFileSync(csvPath, 'token;status;nombre\nfuzz-bulk-1;2;Ana\nfuzz-bulk-2;9;Eva\n')
    const csvFile = await t.file(csvPath)
    const plan = await t.ok('bulk:dryRun', {
      file: csvFile,
      mode: 'createOrUpdate',
      mapping: ['token', 'status', 'firstname'],
    })
    const saveFiles: string[] = []
    for (let i = 0; i < 8; i++)
      saveFiles.push(await t.file(join(files.path, `saved-${i}.csv`), 'save', 'csv'))
    fixture = {
      csvPath,
      csvFile,
      saveFiles,
      otherBaseUrl: `http://127.0.0.1:${new URL(staging.baseUrl).port === '9' ? 10 : 9}`,
      planId: plan.planId,
      outDir: files.path,
      targetId: target.id,
      scratchId: scratch.id,
      doomedId: doomed.id,
      stagingBaseUrl: staging.baseUrl,
      echoId: echo.id,
    }
  })
  afterAll(async () => {
    await t.stop()
    await staging.stop()
    await echoing.close()
    files.remove()
  })

  /** Sends one payload as IPC would and checks the answer; returns it for further checks. */
  async function expectContractAnswer(channel: Channel, payload: unknown): Promise<unknown> {
    const sent: unknown = structuredClone(payload)
    let answer: unknown
    try {
      answer = await t.core.dispatch(channel, sent)
    } catch (error) {
      expectNoPrototypePollution()
      throw new Error(
        `${channel}: dispatch rejected instead of answering (${describeError(error)})`,
      )
    }
    expectNoPrototypePollution()
    const parsed = answerSchemas.get(channel)?.safeParse(answer)
    expect(parsed?.success, `${channel}: the answer is not a contract envelope`).toBe(true)
    const size = serializedSize(answer)
    const limit =
      channel === 'activity:list' && isRecord(answer) && answer.ok === true
        ? MAX_ACTIVITY_LIST_CHARS
        : MAX_ANSWER_CHARS
    expect(size, `${channel}: serialized answer size`).toBeLessThan(limit)
    // The answer crosses IPC back the same way.
    expect(() => structuredClone(answer)).not.toThrow()
    // INTERNAL says the console has a defect: any input, however hostile, has a code of its own.
    expect(answer, `${channel}: answered INTERNAL`).not.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    })
    const secrets = [...Object.values(staging.credentials), ...Object.values(ECHO_CREDENTIALS)]
    expect(
      secretLeaks(JSON.stringify(answer), secrets),
      `${channel}: a secret in any form`,
    ).toEqual([])
    return answer
  }

  it('starts from valid samples that the contract accepts', () => {
    const inputs = validInputs(fixture)
    for (const channel of CHANNELS) {
      const arbitrary: fc.Arbitrary<unknown> = inputs[channel]
      for (const sample of fc.sample(arbitrary, 20)) {
        const parsed = contract[channel].input.safeParse(sample)
        expect(parsed.success, `${channel} sample ${JSON.stringify(sample)}`).toBe(true)
      }
    }
  })

  for (const channel of CHANNELS) {
    const hostileRuns = runsFor(channel, 'hostile')
    it(
      `${channel}: hostile payloads`,
      async () => {
        await fc.assert(
          fc.asyncProperty(hostileValue, async (payload) => {
            await expectContractAnswer(channel, payload)
          }),
          parameters(hostileRuns),
        )
      },
      timeoutFor(hostileRuns, false),
    )

    const mutationRuns = runsFor(channel, 'mutation')
    it(
      `${channel}: a valid input with one hostile change`,
      async () => {
        const valid: fc.Arbitrary<unknown> = validInputs(fixture)[channel]
        const mutated = fc
          .tuple(valid, fc.nat(), fc.nat(), mutation)
          .map(([input, where, which, change]) => mutate(input, where, which, change))
        await fc.assert(
          fc.asyncProperty(mutated, async (payload) => {
            await expectContractAnswer(channel, payload)
          }),
          parameters(mutationRuns),
        )
      },
      timeoutFor(mutationRuns, COSTLY.has(channel)),
    )
  }

  it('answers a channel name it does not know, Object.prototype members included, with INTERNAL', async () => {
    const unknownChannel = fc
      .oneof(
        fc.constantFrom(
          ...PROTOTYPE_KEYS,
          'users',
          'users:',
          ':create',
          'USERS:CREATE',
          'users:create ',
        ),
        fc.string({ maxLength: 40 }),
      )
      .filter((name) => !(CHANNELS as readonly string[]).includes(name))
    await fc.assert(
      fc.asyncProperty(unknownChannel, hostileValue, async (name, payload) => {
        const answer = await t.core.dispatch(name, structuredClone(payload))
        expectNoPrototypePollution()
        expect(answer).toMatchObject({ ok: false, error: { code: 'INTERNAL' } })
        expect(serializedSize(answer)).toBeLessThan(MAX_ANSWER_CHARS)
      }),
      parameters(FUZZ_RUNS),
    )
  })

  // Known worst cases, kept as plain tests so they run every time whatever the seed.

  it('answers no form of a secret a service echoed: its connection test, the activity log', async () => {
    await expectContractAnswer('environments:testConnection', { id: fixture.echoId })
    const log = await expectContractAnswer('activity:list', undefined)
    expect(JSON.stringify(log)).toContain('$API_KEY:$SECRET_KEY')
  })

  const UNKNOWN_KEY_COUNT = 16_000
  const unknownKeys = () =>
    Array.from({ length: UNKNOWN_KEY_COUNT }, (_, index) => [`unknown${index}`, index] as const)
  /** Built by JSON.parse, as a page or a file would, so __proto__ is an own key, not a prototype. */
  const protoKeyed = (fields: Record<string, unknown>): Record<string, unknown> => {
    const rest = JSON.stringify(fields).slice(1, -1)
    const parsed: unknown = JSON.parse(
      `{"__proto__":{"polluted":"yes"}${rest === '' ? '' : `,${rest}`}}`,
    )
    if (!isRecord(parsed) || !Object.hasOwn(parsed, '__proto__'))
      throw new Error('JSON.parse did not make __proto__ an own key')
    return parsed
  }

  async function expectSmallValidationAnswer(channel: Channel, payload: unknown): Promise<void> {
    const answer = await expectContractAnswer(channel, payload)
    expect(answer).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
  }

  it(`users:create: ${UNKNOWN_KEY_COUNT} unknown keys answer VALIDATION, under 64 KiB`, async () => {
    const valid: CreateUserRequest = { token: 'fuzz-many-keys', status: 2 }
    const request = withOwnKeys(valid, unknownKeys())
    await expectSmallValidationAnswer('users:create', usersCreateInput(request))
    await expectSmallValidationAnswer('users:create', withOwnKeys({}, unknownKeys()))
  })

  it('users:create: an own __proto__ key answers VALIDATION, under 64 KiB', async () => {
    const request = protoKeyed({ token: 'fuzz-proto-key', status: 2 }) as CreateUserRequest
    await expectSmallValidationAnswer('users:create', usersCreateInput(request))
    await expectSmallValidationAnswer('users:create', protoKeyed({}))
  })

  it(`environments:save: ${UNKNOWN_KEY_COUNT} unknown keys answer VALIDATION, under 64 KiB`, async () => {
    await expectSmallValidationAnswer('environments:save', withOwnKeys({}, unknownKeys()))
    await expectSmallValidationAnswer(
      'environments:save',
      withOwnKeys({ name: 'Fuzz many keys', kind: 'staging' }, unknownKeys()),
    )
  })

  it('environments:save: an own __proto__ key answers VALIDATION, under 64 KiB', async () => {
    await expectSmallValidationAnswer('environments:save', protoKeyed({}))
    await expectSmallValidationAnswer(
      'environments:save',
      protoKeyed({ name: 'Fuzz proto key', kind: 'staging' }),
    )
  })

  // The draft schema drops unknown fields instead of refusing them: a complete draft carrying
  // them is saved, without them. What matters here is that the answer stays small and clean.
  it('environments:save: a complete draft with unknown keys and __proto__ saves only its fields', async () => {
    const draft = {
      id: fixture.scratchId,
      name: 'Fuzz scratch',
      baseUrl: fixture.stagingBaseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    }
    for (const payload of [withOwnKeys({ ...draft }, unknownKeys()), protoKeyed(draft)]) {
      const answer = await expectContractAnswer('environments:save', payload)
      expect(answer).toMatchObject({ ok: true, data: { id: fixture.scratchId } })
      if (isRecord(answer) && isRecord(answer.data)) {
        expect(Object.hasOwn(answer.data, '__proto__')).toBe(false)
        expect(Object.hasOwn(answer.data, 'unknown0')).toBe(false)
      }
    }
  })
})

import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, type Client } from './client'
import { IntegratorConsoleError } from './client-errors'
import { FOLDER_STALE_MS } from './client-folders'
import { startSandbox, type Sandbox } from './sandbox'

let sandbox: Sandbox
let client: Client
beforeAll(async () => {
  sandbox = await startSandbox({ seed: [{ token: 'seeded-ana', status: 2, firstname: 'Ana' }] })
  client = await createClient({ url: sandbox.url, ...sandbox.credentials })
})
afterAll(async () => {
  await client.close()
  await sandbox.close()
})

async function refusal(call: Promise<unknown>): Promise<IntegratorConsoleError> {
  const error: unknown = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  if (!(error instanceof IntegratorConsoleError)) throw new Error(`not refused: ${String(error)}`)
  return error
}

describe('createClient: the console’s core, from code', () => {
  it('creates, reads and updates users as the service holds them', async () => {
    const made = await client.createUser({ token: 'api-bego', status: 0, firstname: 'Begoña' })
    expect(made).toMatchObject({ token: 'api-bego', status: 0, firstname: 'Begoña' })
    const changed = await client.updateUser('api-bego', { status: 2, firstname: null })
    expect(changed).toMatchObject({ status: 2, firstname: null })
    expect(await client.retrieveUser('api-bego')).toEqual(changed)
  })

  it('creates an array of users in order', async () => {
    const made = await client.createUsers([
      { token: 'api-one', status: 0 },
      { token: 'api-two', status: 3 },
    ])
    expect(made.map((user) => [user.token, user.status])).toEqual([
      ['api-one', 0],
      ['api-two', 3],
    ])
  })

  it('sends none of an array with a user the service would refuse, naming its place', async () => {
    const error = await refusal(
      client.createUsers([
        { token: 'api-array-ok', status: 0 },
        { token: 'api-array-bad', status: 0, email: 'not an email' },
      ]),
    )
    expect(error).toMatchObject({ code: 'VALIDATION', index: 1, created: [] })
    expect(Object.keys(error.fields)).toEqual(['email'])
    expect(error.message).toMatch(/^user 2: /)
    expect((await refusal(client.retrieveUser('api-array-ok'))).code).toBe('NOT_FOUND')
  })

  it('stops an array at the first the service refuses, with those created before it', async () => {
    const error = await refusal(
      client.createUsers([
        { token: 'api-first', status: 0 },
        { token: 'api-first', status: 2 },
        { token: 'api-never', status: 0 },
      ]),
    )
    expect(error.index).toBe(1)
    expect(error.created.map((user) => user.token)).toEqual(['api-first'])
    expect((await refusal(client.retrieveUser('api-never'))).code).toBe('NOT_FOUND')
  })

  it('issues a session JWT for a user that the service’s JWKS verifies', async () => {
    const session = await client.issueJwt('seeded-ana')
    expect(session.userToken).toMatch(/^[0-9a-f]{64}$/)
    const checked = await client.verifyJwt(session.jwt)
    expect(checked).toMatchObject({ verified: true, algorithm: 'ES256', jwksUrl: sandbox.jwksUrl })
    const forged = `${session.jwt.slice(0, -4)}AAAA`
    expect(await client.verifyJwt(forged)).toMatchObject({
      verified: false,
      reason: 'bad-signature',
    })
  })

  it('refuses what the service would refuse before sending it, naming the field', async () => {
    const error = await refusal(
      client.createUser({ token: 'api-bad-nid', status: 0, nid_number: '00973305R' }),
    )
    expect(error.code).toBe('VALIDATION')
    expect(Object.keys(error.fields)).toEqual(['nid_number'])
    expect((await refusal(client.retrieveUser('api-bad-nid'))).code).toBe('NOT_FOUND')
  })

  it('tells refused credentials apart, and never says the secrets it holds', async () => {
    await using wrong = await createClient({
      url: sandbox.url,
      apiKey: 'not-the-api-key-at-all',
      secretKey: sandbox.credentials.secretKey,
    })
    const error = await refusal(wrong.retrieveUser('seeded-ana'))
    expect(error.code).toBe('UNAUTHORIZED')
    const told = [error.message, error.messageId, JSON.stringify(error.fields), error.stack].join(
      '\n',
    )
    expect(told).not.toContain('not-the-api-key-at-all')
    expect(told).not.toContain(sandbox.credentials.secretKey)
  })

  it('names the option a JWT needs, not a screen of the window', async () => {
    const { apiKey, secretKey } = sandbox.credentials
    await using unhashed = await createClient({ url: sandbox.url, apiKey, secretKey })
    const error = await refusal(unhashed.issueJwt('seeded-ana'))
    expect(error.code).toBe('SECRET_MISSING')
    expect(error.message).toContain('createClient was given no userTokenSecret')
    expect(error.message).not.toContain('Environments')
    expect(Object.keys(error.fields)).toEqual(['userTokenSecret'])
  })

  it('leaves no folder behind once closed', async () => {
    await inOwnTemporaryFolder(async (folder) => {
      const other = await createClient({ url: sandbox.url, ...sandbox.credentials })
      expect(readdirSync(folder)).toHaveLength(2)
      await other.close()
      expect(readdirSync(folder)).toEqual([])
    })
  })
})

describe('the folders clients keep their settings in', () => {
  it('are removed by the next client when their own was killed, never while held', async () => {
    await inOwnTemporaryFolder(async (folder) => {
      const live = await createClient({ url: sandbox.url, ...sandbox.credentials })
      // What a killed client leaves: its folder, and a lock no process refreshes any more.
      const orphan = join(folder, 'integrator-console-api-killed')
      mkdirSync(orphan)
      mkdirSync(`${orphan}.lock`)
      const long = new Date(Date.now() - 2 * FOLDER_STALE_MS)
      utimesSync(`${orphan}.lock`, long, long)
      const next = await createClient({ url: sandbox.url, ...sandbox.credentials })
      expect(readdirSync(folder).filter((name) => name.includes('killed'))).toEqual([])
      expect(readdirSync(folder)).toHaveLength(4)
      // The live client still works: its folder was left alone.
      expect((await live.retrieveUser('seeded-ana')).token).toBe('seeded-ana')
      await live.close()
      await next.close()
    })
  })
})

/** Runs with the system's temporary folder set to a new one of its own, removed afterwards. */
async function inOwnTemporaryFolder(run: (folder: string) => Promise<void>): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'ic-client-folders-'))
  const before = process.env.TMPDIR
  process.env.TMPDIR = folder
  try {
    await run(folder)
  } finally {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(folder, { recursive: true, force: true })
  }
}

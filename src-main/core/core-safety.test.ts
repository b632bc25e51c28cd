import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestCore, useStagingSandbox, type TestCore } from '../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { describeWithTestKeyring, throwawayKeychainService } from '../../test/helpers/test-keyring'
import { keyringBackend } from './keychain/keyring-backend'
import type { SecretBackend } from './keychain/vault'

/** The real keychain, with its reads counted and a switch that makes it hang from then on. */
function countingBackend(inner: SecretBackend) {
  const reads = new Map<string, number>()
  let hung = false
  const hang = () => new Promise<never>(() => undefined)
  const backend: SecretBackend = {
    get: (account, signal) => {
      reads.set(account, (reads.get(account) ?? 0) + 1)
      return hung ? hang() : inner.get(account, signal)
    },
    set: (account, value, signal) => (hung ? hang() : inner.set(account, value, signal)),
    delete: (account, signal) => (hung ? hang() : inner.delete(account, signal)),
  }
  return {
    backend,
    reads,
    hangFromNowOn: () => {
      hung = true
    },
  }
}

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describeWithTestKeyring('secrets held in memory after the first read', () => {
  let sandbox: TestSandbox
  beforeAll(async () => {
    sandbox = await startTestSandbox()
  })
  afterAll(() => sandbox.stop())

  it('reads each secret from the keychain once per run, and a later hang slows no call', async () => {
    const keychainService = throwawayKeychainService()
    const first = startTestCore({ keychainService })
    const id = await useStagingSandbox(first, sandbox)
    await first.core.dispose()

    // A new run of the app on the same data folder and keychain: nothing is held yet.
    const counted = countingBackend(keyringBackend(keychainService))
    const second = startTestCore({
      keychainService,
      secretBackend: counted.backend,
      dataDirectory: first.dataDirectory,
    })
    await second.ok('users:create', { user: { token: 'held-1', status: 2 } })
    for (let i = 0; i < 5; i++) await second.ok('users:retrieve', { token: 'held-1' })
    await second.ok('sessions:authenticate', { identifier: 'held-1' })
    expect(Object.fromEntries(counted.reads)).toEqual({
      [`${id}/apiKey`]: 1,
      [`${id}/secretKey`]: 1,
      [`${id}/userTokenSecret`]: 1,
      [`${id}/proxyPassword`]: 1,
      [`${id}/clientKeyPassphrase`]: 1,
      [`${id}/boundTo`]: 1,
    })

    counted.hangFromNowOn()
    const readsBefore = [...counted.reads.values()].reduce((a, b) => a + b, 0)
    await second.ok('users:retrieve', { token: 'held-1' })
    await second.ok('sessions:authenticate', { identifier: 'held-1' })
    expect([...counted.reads.values()].reduce((a, b) => a + b, 0)).toBe(readsBefore)
    await second.stop()
  })

  it('clearing a secret makes the next call answer SECRET_MISSING at once', async () => {
    const t = startTestCore()
    const id = await useStagingSandbox(t, sandbox)
    await t.ok('users:retrieve', { token: 'held-1' }).catch(() => undefined)
    await t.ok('environments:clearSecret', { id, name: 'secretKey' })
    expect(await t.call('users:retrieve', { token: 'held-1' })).toMatchObject({
      ok: false,
      error: {
        code: 'SECRET_MISSING',
        said: expect.objectContaining({ text: expect.stringContaining('Secret key') }),
      },
    })
    await t.ok('environments:setSecret', {
      id,
      name: 'secretKey',
      value: sandbox.credentials.secretKey,
    })
    expect(await t.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    })
    await t.stop()
  })

  it('the next call uses a secret or a profile changed since the last one', async () => {
    const t = startTestCore({ exchangeOptions: { sleep: () => Promise.resolve() } })
    const id = await useStagingSandbox(t, sandbox)
    const saved = {
      name: 'Staging',
      baseUrl: sandbox.baseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    } as const
    const lookUp = () => t.call('users:retrieve', { token: 'nobody' })
    expect(await lookUp()).toMatchObject({ error: { code: 'NOT_FOUND' } })

    await t.ok('environments:setSecret', { id, name: 'apiKey', value: 'not-the-api-key' })
    expect(await lookUp()).toMatchObject({ error: { code: 'UNAUTHORIZED' } })
    await t.ok('environments:setSecret', { id, name: 'apiKey', value: sandbox.credentials.apiKey })
    expect(await lookUp()).toMatchObject({ error: { code: 'NOT_FOUND' } })

    // A new address drops the secrets (they were set for the old one); set again, they go to it.
    const setSecrets = async () => {
      for (const name of ['apiKey', 'secretKey'] as const)
        await t.ok('environments:setSecret', { id, name, value: sandbox.credentials[name] })
    }
    const nowhere = `http://127.0.0.1:${await closedPort()}`
    await t.ok('environments:save', { ...saved, id, baseUrl: nowhere })
    expect(await lookUp()).toMatchObject({ error: { code: 'SECRET_MISSING' } })
    await setSecrets()
    expect(await lookUp()).toMatchObject({ error: { code: 'NETWORK' } })
    await t.ok('environments:save', { ...saved, id })
    await setSecrets()
    expect(await lookUp()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    await t.stop()
  })
})

describeWithTestKeyring('environment rules and the production guard, held by core', () => {
  let t: TestCore
  beforeAll(() => {
    t = startTestCore()
  })
  afterAll(() => t.stop())

  const draft = { userTokenScheme: 'plain', timeoutMs: 2000 } as const

  it.each([
    [
      'a user name in the URL',
      'https://someone@api.example.com',
      'staging',
      'user name or password',
    ],
    ['a password in the URL', 'https://:pw@api.example.com', 'production', 'user name or password'],
    ['production over http', 'http://api.example.com', 'production', 'must use https://'],
    [
      'production over http on loopback',
      'http://127.0.0.1:4010',
      'production',
      'must use https://',
    ],
    [
      'staging over http off this machine',
      'http://api.example.com',
      'staging',
      'only on this machine',
    ],
    ['a sandbox over http off this machine', 'http://10.0.0.1', 'sandbox', 'only on this machine'],
  ] as const)('refuses %s, naming the base URL and why', async (_, baseUrl, kind, why) => {
    const result = await t.call('environments:save', { ...draft, name: 'Refused', baseUrl, kind })
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    if (!result.ok)
      expect(result.error.fieldErrors?.baseUrl?.map((said) => said.text).join(' ')).toContain(why)
    expect(JSON.stringify(result)).not.toContain(':pw@')
  })

  it.each([
    ['staging over http on 127.0.0.1', 'http://127.0.0.1:4010', 'staging'],
    ['staging over http on localhost', 'http://localhost:4010', 'staging'],
    ['production over https', 'https://api.example.com', 'production'],
  ] as const)('accepts %s', async (_, baseUrl, kind) => {
    const result = await t.call('environments:save', {
      ...draft,
      name: `Ok ${kind} ${baseUrl}`,
      baseUrl,
      kind,
    })
    expect(result).toMatchObject({ ok: true })
  })

  it('refuses users:create and users:update on production without its name as confirmation', async () => {
    const saved = await t.ok('environments:save', {
      ...draft,
      name: 'Live',
      baseUrl: `https://127.0.0.1:${await closedPort()}`,
      kind: 'production',
    })
    await t.ok('environments:setSecret', { id: saved.id, name: 'apiKey', value: 'live-api-key' })
    await t.ok('environments:setSecret', { id: saved.id, name: 'secretKey', value: 'live-secret' })
    await t.ok('environments:select', { id: saved.id })
    const before = (await t.ok('activity:list')).entries.length

    const user = { token: 'live-user', status: 2 } as const
    for (const confirmEnvironment of [undefined, 'live', 'Live ', 'Staging']) {
      const input = confirmEnvironment === undefined ? { user } : { user, confirmEnvironment }
      expect(await t.call('users:create', input), String(confirmEnvironment)).toMatchObject({
        ok: false,
        error: {
          code: 'CONFIRMATION_REQUIRED',
          said: expect.objectContaining({ text: expect.stringContaining('Live') }),
        },
      })
    }
    expect(
      await t.call('users:update', {
        token: 'live-user',
        changes: { status: 3 },
        base: { token: 'live-user', status: 2 },
      }),
    ).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } })
    // Nothing was sent for the refused writes.
    expect((await t.ok('activity:list')).entries.length).toBe(before)

    // Confirmed, the write goes out (and meets the unreachable port: the guard let it through).
    expect(await t.call('users:create', { user, confirmEnvironment: 'Live' })).toMatchObject({
      ok: false,
      error: { code: 'NETWORK' },
    })
    expect((await t.ok('activity:list')).entries.length).toBe(before + 1)
  })
})

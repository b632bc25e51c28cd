// The core when no keychain can be used: it answers within a timeout instead of hanging, keeps
// listing environments, and runs the Local sandbox on credentials for this run only.
import { readdirSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SANDBOX_ID } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../../test/helpers/core'

describe('the core without a usable keychain', () => {
  const hung = {
    get: () => new Promise<never>(() => undefined),
    set: () => new Promise<never>(() => undefined),
    delete: () => new Promise<never>(() => undefined),
  }
  let t: TestCore
  beforeAll(() => {
    t = startTestCore({ secretBackend: hung, keychainTimeoutMs: 200 })
  })
  afterAll(() => t.stop())

  it('answers KEYCHAIN_UNAVAILABLE within the timeout instead of hanging', async () => {
    const started = performance.now()
    const result = await t.call('environments:setSecret', {
      id: LOCAL_SANDBOX_ID,
      name: 'apiKey',
      value: 'x'.repeat(12),
    })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(result).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } })
    if (!result.ok) expect(result.error.said.text).toMatch(/keyring|keychain/i)
  })

  it('still lists environments, saying the keychain cannot be used, and writes no secret anywhere', async () => {
    const list = await t.ok('environments:list')
    expect(list.notices.map((notice) => notice.text).join(' ')).toContain(
      'No keychain can be used on this computer',
    )
    expect((await t.ok('app:info')).keychain.available).toBe(false)
    expect(readdirSync(t.dataDirectory).filter((f) => !f.startsWith('sandbox'))).toEqual([])
  })

  it('the Local sandbox works with credentials for this run only; other environments still refuse', async () => {
    // The sandbox answers: the credentials it was started with are the ones sent.
    expect(await t.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    })
    const created = await t.ok('users:create', { user: { token: 'no-keychain', status: 2 } })
    expect(created.record).toMatchObject({ token: 'no-keychain', status: 2 })
    expect(await t.ok('app:info')).toMatchObject({
      keychain: {
        available: false,
        said: expect.objectContaining({ text: expect.stringMatching(/keyring|keychain/i) }),
      },
      sandbox: { state: 'running' },
    })
    // A page cannot clear or replace them (the sandbox would be out of reach until a restart).
    for (const change of [
      () => t.call('environments:clearSecret', { id: LOCAL_SANDBOX_ID, name: 'apiKey' }),
      () =>
        t.call('environments:setSecret', {
          id: LOCAL_SANDBOX_ID,
          name: 'apiKey',
          value: 'y'.repeat(12),
        }),
    ])
      expect(await change()).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    expect(await t.call('users:retrieve', { token: 'no-keychain' })).toMatchObject({ ok: true })
    // Kept nowhere but in this process: no file of the data folder holds them.
    expect(readdirSync(t.dataDirectory).filter((f) => !f.startsWith('sandbox'))).toEqual([])

    const staging = await t.ok('environments:save', {
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      kind: 'staging',
      userTokenScheme: 'plain',
      timeoutMs: 5000,
    })
    await t.ok('environments:select', { id: staging.id })
    expect(await t.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'KEYCHAIN_UNAVAILABLE' },
    })
  })
})

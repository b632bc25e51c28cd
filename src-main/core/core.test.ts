// The main-process core channel by channel against the embedded sandbox, a staging sandbox and a
// throwaway keychain. Without a usable keychain: core-without-keychain.test.ts; with a settings
// file it cannot use: core-corrupt-settings.test.ts.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createHmac, randomUUID } from 'node:crypto'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOCAL_SANDBOX_ID } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { describeWithTestKeyring } from '../../test/helpers/test-keyring'
import { SETTINGS_FILE } from './settings/settings-store'

const secretTool = (...args: string[]) => promisify(execFile)('secret-tool', args)

describeWithTestKeyring('the main-process core, channel by channel', () => {
  let t: TestCore
  let staging: TestSandbox
  let stagingId = ''

  beforeAll(async () => {
    t = startTestCore()
    staging = await startTestSandbox({
      credentials: { userTokenSecret: 'staging-user-token-secret' },
    })
  })
  afterAll(async () => {
    await t.stop()
    await staging.stop()
  })

  it('starts on the built-in Local sandbox and says the keychain works', async () => {
    const list = await t.ok('environments:list')
    expect(list.activeId).toBe(LOCAL_SANDBOX_ID)
    expect(list.environments[0]).toMatchObject({
      name: 'Local sandbox',
      builtIn: true,
      kind: 'sandbox',
    })
    const info = await t.ok('app:info')
    expect(info.keychain).toEqual({ available: true, said: null })
  })

  it('creates, retrieves, updates and authenticates on the embedded sandbox', async () => {
    const created = await t.ok('users:create', {
      user: { token: 'core-user', status: 2, firstname: 'Ana', has_video_call: 1 },
    })
    expect(created.record).toMatchObject({ token: 'core-user', features: { video_call: 1 } })
    const updated = await t.ok('users:update', {
      token: 'core-user',
      changes: { status: 0, firstname: 'Ana', has_video_call: 1, lastname: 'Ruiz' },
      base: created.record,
    })
    expect(updated.record).toMatchObject({ status: 0, firstname: 'Ana', lastname: 'Ruiz' })
    expect(await t.ok('users:retrieve', { token: 'core-user' })).toMatchObject({ lastname: 'Ruiz' })

    const guid = randomUUID()
    const session = await t.ok('sessions:authenticate', {
      identifier: 'core-user',
      installationGuid: guid,
    })
    expect(decodeJwt(session.jwt)).toMatchObject({ sub: session.userHash, installationGuid: guid })
    expect(session.userTokenSent).toMatch(/^[0-9a-f]{64}$/)
    expect(session).toMatchObject({ installationGuidSent: guid, userTokenComputed: true })

    const generated = await t.ok('sessions:authenticate', { userToken: session.userTokenSent })
    expect(generated.installationGuidSent).toMatch(/^[0-9a-f-]{36}$/)
    expect(generated.userTokenComputed).toBe(false)
    expect((await t.ok('app:info')).sandbox.state).toBe('running')
  })

  it('refuses bad input before any call, naming the fields', async () => {
    const before = (await t.ok('activity:list')).entries.length
    const result = await t.call('users:create', { user: { token: '', status: 1 } } as never)
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    if (!result.ok)
      expect(Object.keys(result.error.fieldErrors ?? {}).sort()).toEqual([
        'user.status',
        'user.token',
      ])
    const both = await t.call('sessions:authenticate', { identifier: 'a', userToken: 'b' })
    expect(both).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    expect((await t.ok('activity:list')).entries.length).toBe(before)
  })

  it('maps unknown tokens and duplicates to NOT_FOUND and CONFLICT', async () => {
    expect(await t.call('users:retrieve', { token: 'nobody-here' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', status: 404 },
    })
    expect(await t.call('users:create', { user: { token: 'core-user', status: 0 } })).toMatchObject(
      {
        ok: false,
        error: { code: 'CONFLICT' },
      },
    )
  })

  it('adds an environment, keeps its secrets in the Secret Service, and tests the connection', async () => {
    const saved = await t.ok('environments:save', {
      name: 'Staging',
      baseUrl: `${staging.baseUrl}/`,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
    })
    stagingId = saved.id
    expect(saved).toMatchObject({
      baseUrl: staging.baseUrl,
      secrets: { apiKey: false, secretKey: false },
    })
    // The network is tried without them; the credentials step says they are not set.
    expect(await t.ok('environments:testConnection', { id: stagingId })).toMatchObject({
      outcome: 'credentialsNotSet',
      failedStep: null,
      said: { id: 'core.credentialsMissing' },
    })

    await t.ok('environments:setSecret', {
      id: stagingId,
      name: 'apiKey',
      value: staging.credentials.apiKey,
    })
    await t.ok('environments:setSecret', {
      id: stagingId,
      name: 'secretKey',
      value: 'wrong-secret',
    })
    expect((await t.ok('environments:testConnection', { id: stagingId })).outcome).toBe(
      'unauthorized',
    )
    const status = await t.ok('environments:setSecret', {
      id: stagingId,
      name: 'secretKey',
      value: staging.credentials.secretKey,
    })
    expect(status).toMatchObject({ apiKey: true, secretKey: true, userTokenSecret: false })
    expect((await t.ok('environments:testConnection', { id: stagingId })).outcome).toBe('ok')

    const { stdout } = await secretTool(
      'lookup',
      'service',
      t.keychainService,
      'username',
      `${stagingId}/secretKey`,
    )
    expect(stdout).toBe(staging.credentials.secretKey)
  })

  it('switches environments, each with its own data', async () => {
    await t.ok('environments:setSecret', {
      id: stagingId,
      name: 'userTokenSecret',
      value: staging.credentials.userTokenSecret,
    })
    await t.ok('environments:select', { id: stagingId })
    expect(await t.call('users:retrieve', { token: 'core-user' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    })
    await t.ok('users:create', { user: { token: 'staging-user', status: 2 } })
    const session = await t.ok('sessions:authenticate', { identifier: 'staging-user' })
    expect(session.userTokenSent).toBe(
      createHmac('sha256', staging.credentials.userTokenSecret)
        .update('staging-user')
        .digest('hex'),
    )
    await t.ok('environments:select', { id: LOCAL_SANDBOX_ID })
    expect(await t.ok('users:retrieve', { token: 'core-user' })).toMatchObject({
      token: 'core-user',
    })
    expect(await t.call('users:retrieve', { token: 'staging-user' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    })
  })

  it('refuses to edit or delete the built-in environment', async () => {
    expect(await t.call('environments:delete', { id: LOCAL_SANDBOX_ID })).toMatchObject({
      error: { code: 'VALIDATION' },
    })
    expect(
      await t.call('environments:save', {
        id: LOCAL_SANDBOX_ID,
        name: 'Mine',
        baseUrl: 'http://127.0.0.1:1',
        kind: 'sandbox',
        userTokenScheme: 'plain',
        timeoutMs: 5000,
      }),
    ).toMatchObject({ error: { code: 'VALIDATION' } })
  })

  it('never lets a secret out: answers, activity, errors and the settings file are clean', async () => {
    const activity = await t.ok('activity:list')
    expect(activity.entries.length).toBeGreaterThan(5)
    expect(activity.entries.every((e) => e.requestHeaders.apiKey === '$API_KEY')).toBe(true)
    const settings = readFileSync(join(t.dataDirectory, SETTINGS_FILE), 'utf8')
    const everything = JSON.stringify(t.answers) + settings
    const secrets = [...Object.values(staging.credentials), 'wrong-secret']
    for (const secret of secrets) expect(everything).not.toContain(secret)
    for (const name of ['apiKey', 'secretKey', 'userTokenSecret'] as const) {
      const { stdout } = await secretTool(
        'lookup',
        'service',
        t.keychainService,
        'username',
        `${LOCAL_SANDBOX_ID}/${name}`,
      )
      expect(stdout.length).toBeGreaterThan(20)
      expect(everything).not.toContain(stdout)
    }
  })

  it('deletes an environment with its secrets, and clears the activity log', async () => {
    await t.ok('environments:delete', { id: stagingId })
    const list = await t.ok('environments:list')
    expect(list.environments.map((e) => e.id)).toEqual([LOCAL_SANDBOX_ID])
    await expect(
      secretTool('lookup', 'service', t.keychainService, 'username', `${stagingId}/apiKey`),
    ).rejects.toThrow()
    expect((await t.ok('activity:clear')).cleared).toBeGreaterThan(0)
    expect((await t.ok('activity:list')).entries).toEqual([])
  })
})

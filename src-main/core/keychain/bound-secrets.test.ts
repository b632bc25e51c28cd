import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestCore, useStagingSandbox, type TestCore } from '../../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'
import { DEFAULT_TLS, legacySecretBinding, secretBinding } from '../../../src-shared/environments'
import { envCredentials } from '../../cli/env-credentials'
import { keyringBackend } from './keyring-backend'
import { SETTINGS_FILE } from '../settings/settings-store'
import { createVault } from './vault'

describeWithTestKeyring('secrets bound to what they were set for', () => {
  let sandbox: TestSandbox
  let t: TestCore
  beforeAll(async () => {
    sandbox = await startTestSandbox()
    t = startTestCore()
  })
  afterAll(async () => {
    await t.stop()
    await sandbox.stop()
  })

  it('are not removed by a face that held older ones: the keychain decides', async () => {
    const other = await startTestSandbox()
    const window = startTestCore()
    const shell = startTestCore({
      face: 'browser-shell',
      dataDirectory: window.dataDirectory,
      keychainService: window.keychainService,
    })
    try {
      const id = await useStagingSandbox(window, sandbox, 'Shared')
      expect(await window.call('environments:testConnection', { id })).toMatchObject({ ok: true })
      // The other face moves the profile to another service and sets that service's secrets.
      const { environments } = await shell.ok('environments:list')
      const stored = environments.find((e) => e.id === id)
      if (!stored) throw new Error('the other face does not see the environment')
      await shell.ok('environments:save', { ...stored, tls: undefined, baseUrl: other.baseUrl })
      for (const name of ['apiKey', 'secretKey'] as const)
        await shell.ok('environments:setSecret', { id, name, value: other.credentials[name] })
      // The window held the old secrets and their old binding: it reads the keychain again.
      await expect
        .poll(async () =>
          (await window.ok('environments:list')).environments.find((e) => e.id === id),
        )
        .toMatchObject({ baseUrl: other.baseUrl, secrets: { apiKey: true, secretKey: true } })
      expect(await window.call('environments:testConnection', { id })).toMatchObject({
        ok: true,
        data: { outcome: 'ok' },
      })
      expect(await shell.call('environments:testConnection', { id })).toMatchObject({
        ok: true,
        data: { outcome: 'ok' },
      })
    } finally {
      await shell.core.dispose()
      await window.core.dispose()
      await other.stop()
    }
  })

  it('are never sent when the profile moved under them by hand (no save to drop them)', async () => {
    const id = await useStagingSandbox(t, sandbox, 'Edited by hand')
    const path = join(t.dataDirectory, SETTINGS_FILE)
    const moved = readFileSync(path, 'utf8').replace(sandbox.baseUrl, 'http://127.0.0.1:9')
    writeFileSync(path, moved)
    await expect
      .poll(async () => (await t.ok('environments:list')).environments.find((e) => e.id === id))
      .toMatchObject({
        baseUrl: 'http://127.0.0.1:9',
        secrets: { apiKey: false, secretKey: false, userTokenSecret: false },
      })
    expect(await t.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      ok: false,
      error: {
        code: 'SECRET_MISSING',
        said: expect.objectContaining({ text: expect.stringContaining('another address') }),
      },
    })
    // Moved back, the secrets stay gone: they were removed, not hidden.
    writeFileSync(path, readFileSync(path, 'utf8').replace('http://127.0.0.1:9', sandbox.baseUrl))
    await expect
      .poll(async () => (await t.ok('environments:list')).environments.find((e) => e.id === id))
      .toMatchObject({ baseUrl: sandbox.baseUrl, secrets: { apiKey: false } })
  })

  it("sends the command line's variables only where they were given for, whatever the profile says", async () => {
    const data = startTestCore()
    const profile = {
      name: 'From variables',
      kind: 'staging',
      userTokenScheme: 'plain',
      timeoutMs: 5000,
    } as const
    const { id } = await data.ok('environments:save', { ...profile, baseUrl: sandbox.baseUrl })
    const variables = {
      INTEGRATOR_API_KEY: sandbox.credentials.apiKey,
      INTEGRATOR_SECRET_KEY: sandbox.credentials.secretKey,
    }
    const cliWith = (env: Record<string, string>) =>
      startTestCore({
        face: 'cli',
        dataDirectory: data.dataDirectory,
        secretBackend: envCredentials(env, () => id),
      })
    const cli = cliWith({ ...variables, INTEGRATOR_BASE_URL: sandbox.baseUrl })
    await cli.core.pinEnvironment(id)
    expect(await cli.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    })
    // Another face (a page in the window) points the profile elsewhere: nothing goes there.
    await data.ok('environments:save', { ...profile, id, baseUrl: 'http://127.0.0.1:9' })
    await expect
      .poll(async () => cli.call('users:retrieve', { token: 'nobody' }))
      .toMatchObject({
        ok: false,
        error: {
          code: 'SECRET_MISSING',
          said: expect.objectContaining({ text: expect.stringContaining('Nothing was sent') }),
        },
      })
    // Without INTEGRATOR_BASE_URL, only an environment on this machine may have them.
    await data.ok('environments:save', { ...profile, id, baseUrl: 'https://api.example.invalid' })
    const unnamed = cliWith(variables)
    await unnamed.core.pinEnvironment(id)
    expect(await unnamed.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      ok: false,
      error: {
        code: 'SECRET_MISSING',
        said: expect.objectContaining({ text: expect.stringContaining('INTEGRATOR_BASE_URL') }),
      },
    })
    for (const t of [cli, unnamed, data]) await t.stop()
  })

  it('set by an older console for kind and origin alone, are kept and bound to the whole route', async () => {
    const older = startTestCore()
    const id = await useStagingSandbox(older, sandbox, 'Set by an older console')
    const profile = (await older.ok('environments:list')).environments.find((e) => e.id === id)
    if (!profile) throw new Error('the environment is not listed')
    const route = { ...profile, tls: DEFAULT_TLS }
    const keychain = createVault({ backend: keyringBackend(older.keychainService) })
    await keychain.bind(id, legacySecretBinding(route))
    const later = startTestCore({
      dataDirectory: older.dataDirectory,
      keychainService: older.keychainService,
    })
    const listed = (await later.ok('environments:list')).environments.find((e) => e.id === id)
    expect(listed?.secrets).toMatchObject({ apiKey: true, secretKey: true })
    expect(await later.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    })
    keychain.forget(id)
    expect(await keychain.boundTo(id)).toBe(secretBinding(route))
    for (const t of [later, older]) await t.stop()
  })
})

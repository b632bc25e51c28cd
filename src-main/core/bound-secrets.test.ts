import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestCore, useStagingSandbox, type TestCore } from '../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { describeWithTestKeyring } from '../../test/helpers/test-keyring'
import { SETTINGS_FILE } from './settings-store'

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
      await shell.ok('environments:save', { ...stored, baseUrl: other.baseUrl })
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
      error: { code: 'SECRET_MISSING', message: expect.stringContaining('another address') },
    })
    // Moved back, the secrets stay gone: they were removed, not hidden.
    writeFileSync(path, readFileSync(path, 'utf8').replace('http://127.0.0.1:9', sandbox.baseUrl))
    await expect
      .poll(async () => (await t.ok('environments:list')).environments.find((e) => e.id === id))
      .toMatchObject({ baseUrl: sandbox.baseUrl, secrets: { apiKey: false } })
  })
})

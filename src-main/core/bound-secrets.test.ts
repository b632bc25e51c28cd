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

import { cpSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import { importShared, sharedEnvironment } from '../../../test/helpers/shared-environments'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'
import { testCertificate } from '../../../test/helpers/tls-certificate'
import { SETTINGS_FILE } from '../settings/settings-store'

describeWithTestKeyring('an imported CA, as the settings file names it', () => {
  const cores: TestCore[] = []
  const moved = makeTempDir('moved-data')
  afterAll(async () => {
    for (const t of cores) await t.stop()
    moved.remove()
  })

  it('is named by its id, not by a path into the data folder, and follows the folder', async () => {
    const t = startTestCore({ face: 'browser-shell' })
    cores.push(t)
    await importShared(t, [sharedEnvironment('Plain')])
    const plain = readFileSync(join(t.dataDirectory, SETTINGS_FILE), 'utf8')
    // Without an imported CA the file stays as older consoles read it.
    expect(JSON.parse(plain)).toMatchObject({ schemaVersion: 1 })
    const trust = { caCertificates: testCertificate().cert, caOnly: true }
    await importShared(t, [sharedEnvironment('Trusting', { trust })])
    const stored = readFileSync(join(t.dataDirectory, SETTINGS_FILE), 'utf8')
    expect(stored).not.toContain(t.dataDirectory)
    expect(JSON.parse(stored)).toMatchObject({
      schemaVersion: 2,
      environments: [
        { name: 'Plain' },
        {
          name: 'Trusting',
          tls: { caFile: expect.stringMatching(/^shared-ca:[0-9a-f]{32}$/), caOnly: true },
        },
      ],
    })
    // The folder copied elsewhere (a new machine, a moved profile): the CA is still found.
    cpSync(t.dataDirectory, moved.path, { recursive: true })
    const elsewhere = startTestCore({ dataDirectory: moved.path })
    cores.push(elsewhere)
    const { environments } = await elsewhere.ok('environments:list')
    expect(environments.find((e) => e.name === 'Trusting')?.tls.caFile).toMatchObject({
      problem: null,
      certificates: [{ subject: expect.stringContaining('127.0.0.1') }],
    })
  })
})

import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, type TestCore } from '../helpers/core'
import { outcomes } from '../helpers/network-environment'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

describeWithTestKeyring('a CA file picked in the browser shell’s own chooser', () => {
  const dir = makeTempDir('uploaded-tls-files')
  let parts: { sandbox: RunningSandbox; ca: PrivateCa; front: TlsFront; shell: TestCore } | null =
    null
  const started = () => {
    if (!parts) throw new Error('the service and the core start in beforeAll')
    return parts
  }
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Picked Root')
    const front = await startTlsFront(sandbox.port, ca.server())
    parts = { sandbox, ca, front, shell: startTestCore({ face: 'browser-shell' }) }
  })
  afterAll(async () => {
    await parts?.shell.stop()
    await parts?.front.close()
    await parts?.sandbox.close()
    dir.remove()
  })

  /** The bytes the user picked, as the page hands them to main: no path. */
  async function picked(t: TestCore, name: string, bytes: Buffer, format: 'pem' | 'pkcs12') {
    const answer = await t.ok('files:upload', {
      upload: null,
      format,
      name,
      data: bytes.toString('base64'),
      last: true,
    })
    if (answer.file === null) throw new Error('one piece is the whole file')
    return answer.file
  }

  it('is kept by main for the environment, trusted by its calls, and never grantable', async () => {
    const { ca, front, sandbox, shell } = started()
    const file = await picked(shell, 'corp-root.pem', readFileSync(ca.certPath), 'pem')
    expect(file.name).toBe('corp-root.pem')
    const saved = await shell.ok('environments:save', {
      name: 'Behind the company CA',
      baseUrl: front.baseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 5000,
      proxy: { mode: 'none' },
      tls: { caFile: file.handle, caOnly: true, clientCertificate: null },
    })
    // Shown by the name the user knows, with what main read in it.
    expect(saved.tls.caFile).toMatchObject({ name: 'corp-root.pem', problem: null })
    expect(saved.tls.caFile?.certificates[0]?.subject).toContain('Picked Root')
    for (const name of ['apiKey', 'secretKey'] as const)
      await shell.ok('environments:setSecret', {
        id: saved.id,
        name,
        value: sandbox.credentials[name],
      })
    // The upload's own copy went with its save: the environment reads the copy main keeps.
    const test = await shell.ok('environments:testConnection', { id: saved.id })
    expect(outcomes(test)).toMatchObject({ tls: 'passed', credentials: 'passed' })
    const listed = await shell.ok('environments:list', undefined)
    const view = listed.environments.find((environment) => environment.id === saved.id)
    expect(view?.tls.caFile).toMatchObject({ name: 'corp-root.pem', problem: null })
    // The kept copy is in the console's data folder, which no grant names, typed or not.
    const kept = join(shell.dataDirectory, 'chosen-files')
    const [digest] = readdirSync(kept)
    const keptPath = join(kept, digest ?? '', 'corp-root.pem')
    expect(readFileSync(keptPath)).toEqual(readFileSync(ca.certPath))
    const typed = await shell.call('files:typed', {
      purpose: 'open',
      format: 'pem',
      path: keptPath,
    })
    expect(typed).toMatchObject({ ok: false, error: { said: { id: 'files.grantInDataFolder' } } })
    expect(JSON.stringify(shell.answers)).not.toContain(shell.dataDirectory)
  })

  it('takes a PKCS#12 file as one, and refuses a file that is not one by its ending', async () => {
    const { shell } = started()
    const pfx = await picked(shell, 'client.p12', Buffer.from('not really'), 'pkcs12')
    expect(pfx.name).toBe('client.p12')
    const refused = await shell.call('files:upload', {
      upload: null,
      format: 'pem',
      name: 'notes.txt',
      data: Buffer.from('hello').toString('base64'),
      last: true,
    })
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
  })
})

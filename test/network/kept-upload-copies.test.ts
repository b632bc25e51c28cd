// A TLS file picked in the browser shell is copied into the data folder for the environment that
// reads it. The copy must last exactly as long as a profile names it: a refused save, a deleted
// environment or a replaced file leaves nothing behind, however often a page tries.
import { mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { until } from '../bulk/bulk-world'
import { startTestCore, type TestCore } from '../helpers/core'
import { makePrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'

/** Every file under the data folder's kept copies, by its path there. */
function keptCopies(dataDirectory: string): string[] {
  const root = join(dataDirectory, 'chosen-files')
  const files: string[] = []
  const visit = (path: string) => {
    if (!statSync(path).isDirectory()) return void files.push(relative(root, path))
    for (const name of readdirSync(path)) visit(join(path, name))
  }
  try {
    visit(root)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return files
}

describeWithTestKeyring('the copies kept of TLS files picked in the browser shell', () => {
  const dir = makeTempDir('kept-upload-copies')
  let shell: TestCore | null = null
  const cas: Record<'first' | 'second', string> = { first: '', second: '' }
  beforeAll(() => {
    cas.first = makePrivateCa(dir.path, 'First Root').certPath
    cas.second = makePrivateCa(dir.path, 'Second Root').certPath
  })
  afterEach(async () => {
    await shell?.stop()
    shell = null
  })
  afterAll(() => dir.remove())

  async function picked(t: TestCore, name: string, bytes: Buffer) {
    const answer = await t.ok('files:upload', {
      upload: null,
      format: 'pem',
      name,
      data: bytes.toString('base64'),
      last: true,
    })
    if (answer.file === null) throw new Error('one piece is the whole file')
    return answer.file.handle
  }

  const draft = (name: string, caFile: string | null) => ({
    name,
    baseUrl: 'https://service.example.test',
    kind: 'staging' as const,
    userTokenScheme: 'hmac-sha256-hex' as const,
    timeoutMs: 5000,
    proxy: { mode: 'none' as const },
    tls: { caFile, caOnly: false, clientCertificate: null },
  })

  it('keeps nothing from a save that is refused', async () => {
    const t = (shell = startTestCore({ face: 'browser-shell' }))
    const handle = await picked(t, 'notes.pem', Buffer.from('no certificate in here'))
    const refused = await t.call('environments:save', draft('Refused', handle))
    expect(refused).toMatchObject({ ok: false })
    expect(keptCopies(t.dataDirectory)).toEqual([])
  })

  it('keeps a saved file until its environment drops it or is deleted', async () => {
    const t = (shell = startTestCore({ face: 'browser-shell' }))
    const first = await picked(t, 'corp-root.pem', readFileSync(cas.first))
    const saved = await t.ok('environments:save', draft('Behind the company CA', first))
    expect(keptCopies(t.dataDirectory)).toEqual([expect.stringMatching(/\/corp-root\.pem$/)])

    // Another file chosen for the field: only the new one is kept.
    const second = await picked(t, 'new-root.pem', readFileSync(cas.second))
    await t.ok('environments:save', { ...draft('Behind the company CA', second), id: saved.id })
    expect(keptCopies(t.dataDirectory)).toEqual([expect.stringMatching(/\/new-root\.pem$/)])

    await t.ok('environments:delete', { id: saved.id })
    expect(keptCopies(t.dataDirectory)).toEqual([])
  })

  it('keeps no copy of any of many refused uploads and saves', async () => {
    const t = (shell = startTestCore({ face: 'browser-shell' }))
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const handle = await picked(t, 'filler.pem', Buffer.from(`not a certificate ${attempt}`))
      const refused = await t.call('environments:save', draft(`Attempt ${attempt}`, handle))
      expect(refused).toMatchObject({ ok: false })
    }
    expect(keptCopies(t.dataDirectory)).toEqual([])
  })

  /** A copy another face made `minutesAgo`, that no profile names. */
  function copyByAnotherFace(dataDirectory: string, name: string, minutesAgo: number) {
    const copy = join(dataDirectory, 'chosen-files', '0123456789abcdef', name)
    mkdirSync(join(copy, '..'), { recursive: true })
    writeFileSync(copy, 'a private key no environment names')
    const then = new Date(Date.now() - minutesAgo * 60_000)
    utimesSync(copy, then, then)
  }

  it('removes at start the copies a console before this one left behind', async () => {
    const dataDirectory = join(dir.path, 'left-behind')
    copyByAnotherFace(dataDirectory, 'client.key', 5)
    const t = (shell = startTestCore({ face: 'browser-shell', dataDirectory }))
    await until(
      'the copy no profile names is removed',
      () => keptCopies(t.dataDirectory).length === 0,
    )
  })

  it('leaves a copy another face made a moment ago, for the save it may be storing now', async () => {
    const dataDirectory = join(dir.path, 'in-flight')
    copyByAnotherFace(dataDirectory, 'in-flight.key', 0)
    copyByAnotherFace(dataDirectory, 'left-behind.key', 5)
    const t = (shell = startTestCore({ face: 'browser-shell', dataDirectory }))
    // This face's own refused save sweeps too: the old copy goes, the fresh one stays.
    const handle = await picked(t, 'notes.pem', Buffer.from('no certificate in here'))
    expect(await t.call('environments:save', draft('Refused', handle))).toMatchObject({ ok: false })
    await until('the old copy is removed', () => keptCopies(dataDirectory).length === 1)
    expect(keptCopies(dataDirectory)).toEqual(['0123456789abcdef/in-flight.key'])
  })
})

import { X509Certificate } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { testCertificate } from '../../../test/helpers/tls-certificate'
import { pemCertificates, readTlsFile, tlsFileView } from './tls-files'

const folder = mkdtempSync(join(tmpdir(), 'ic-tls-files-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('certificate files, as main reads them', () => {
  it('finds every certificate of a bundle, and refuses a file with none', () => {
    const { cert } = testCertificate()
    expect(pemCertificates(Buffer.from(`${cert}\n${cert}`), 'bundle.pem')).toHaveLength(2)
    expect(() => pemCertificates(Buffer.from('hello'), 'notes.pem')).toThrow(
      'notes.pem holds no PEM certificate',
    )
  })

  it('refuses a crafted file of BEGIN lines at once, rather than holding main for minutes', () => {
    const crafted = Buffer.from('-----BEGIN CERTIFICATE-----\n'.repeat(150_000))
    expect(() => pemCertificates(crafted, 'crafted.pem')).toThrow('holds no PEM certificate')
  })

  it('reads only a regular file, and tells the page about it by name, never by path', async () => {
    const refused = await readTlsFile(folder).catch((error: unknown) => error)
    expect(refused).toMatchObject({ message: `${basename(folder)} cannot be read (EISDIR).` })
    expect(JSON.stringify(refused)).not.toContain(tmpdir())
    const missing = join(folder, 'gone.pem')
    const view = await tlsFileView(missing, true)
    expect(view).toMatchObject({ name: 'gone.pem', certificates: [] })
    expect(JSON.stringify(view)).not.toContain(folder)
    writeFileSync(join(folder, 'empty.pem'), '')
    expect(JSON.stringify(await tlsFileView(join(folder, 'empty.pem'), true))).not.toContain(folder)
  })

  it('shows a CA imported with a file of environments by whom it names, never by its digest name', async () => {
    const { cert } = testCertificate()
    const shared = join(folder, `shared-ca-${'c6525d'.padEnd(32, '0')}.pem`)
    writeFileSync(shared, cert)
    const view = await tlsFileView(shared, true)
    const fingerprint = new X509Certificate(cert).fingerprint256
    expect(view).toMatchObject({ imported: true, fingerprint: `${fingerprint.slice(0, 23)}…` })
    expect(view.name).toBe(/CN=([^\n]+)/.exec(new X509Certificate(cert).subject)?.[1])
    expect(JSON.stringify(view)).not.toContain('shared-ca-')
    // A file the user chose keeps its own name.
    writeFileSync(join(folder, 'corp-ca.pem'), cert)
    const chosen = await tlsFileView(join(folder, 'corp-ca.pem'), true)
    expect(chosen.name).toBe('corp-ca.pem')
    expect(chosen.imported).toBeUndefined()
  })
})

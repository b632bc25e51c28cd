import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import type { Result } from '../../src-shared/ipc'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'
import { useHostilePage } from './hostile-page'

describeWithTestKeyring('a page running hostile script: files, against a fake home', () => {
  const page = useHostilePage()

  it('cannot read a file the user did not choose, in the window or the browser shell', async () => {
    const window = page.start('electron')
    const shell = page.start('browser-shell')
    const attempts: Result<unknown>[] = []
    for (const t of [window, shell]) {
      for (const path of ['.ssh/id_rsa', '.aws/credentials', 'Documents/customers.csv'].map(
        page.home$,
      ))
        attempts.push(await t.hostile('bulk:inspect', { path }))
      attempts.push(await t.hostile('bulk:inspect', { file: randomUUID() }))
      attempts.push(
        await t.hostile('bulk:dryRun', {
          file: randomUUID(),
          mode: 'create',
          mapping: ['token', 'status'],
        }),
      )
    }
    for (const path of ['.ssh/id_rsa', '.aws/credentials', 'innocent.csv', '.ssh'].map(page.home$))
      attempts.push(await shell.hostile('files:typed', { purpose: 'open', format: 'csv', path }))
    attempts.push(
      await window.hostile('files:typed', {
        purpose: 'open',
        format: 'csv',
        path: page.home$('chosen.csv'),
      }),
    )
    // A JSON file is never read from a typed path (a file of environments is read only as the
    // user picked it), and a JSON grant never reads as a CSV.
    attempts.push(
      await shell.hostile('files:typed', {
        purpose: 'open',
        format: 'json',
        path: page.home$('key.json'),
      }),
    )
    const { file: jsonGrant } = await window.ok('files:choose', {
      purpose: 'open',
      format: 'json',
      allFilesName: 'All files',
    })
    attempts.push(await window.hostile('bulk:inspect', { file: jsonGrant?.handle }))
    for (const attempt of attempts) expect(attempt.ok).toBe(false)
    const said = JSON.stringify(attempts)
    for (const marker of ['MARKER-ID-RSA', 'MARKER-AWS', 'MARKER-CUSTOMER'])
      expect(said).not.toContain(marker)

    // What the user chose is read: in the window by its dialog, in the shell by a typed path.
    for (const t of [window, shell]) {
      const file = await t.file(page.home$('chosen.csv'))
      expect(await t.hostile('bulk:inspect', { file })).toMatchObject({
        ok: true,
        data: { headers: ['token', 'status'] },
      })
    }
  })

  it('cannot write or replace a file the user did not choose, nor reuse a choice', async () => {
    const before = page.snapshot()
    const window = page.start('electron')
    const shell = page.start('browser-shell')
    const attempts: Result<unknown>[] = []
    for (const t of [window, shell]) {
      const read = await t.file(page.home$('chosen.csv'))
      const plan = await t.ok('bulk:dryRun', {
        file: read,
        mode: 'export',
        mapping: ['token', null],
      })
      for (const path of ['.bashrc', '.bash_profile', '.ssh/authorized_keys'].map(page.home$)) {
        attempts.push(await t.hostile('bulk:saveInvalid', { planId: plan.planId, path }))
        attempts.push(
          await t.hostile('bulk:start', {
            planId: plan.planId,
            concurrency: 1,
            exportTo: { path, format: 'csv' },
          }),
        )
      }
      // A grant to read is not one to write, and a forged handle is nobody's.
      attempts.push(await t.hostile('bulk:saveInvalid', { planId: plan.planId, file: read }))
      attempts.push(
        await t.hostile('bulk:start', {
          planId: plan.planId,
          concurrency: 1,
          exportTo: { file: randomUUID(), format: 'csv' },
        }),
      )
    }
    for (const path of [
      '.bashrc',
      '.bash_profile',
      '.ssh/authorized_keys',
      'Documents/customers.csv',
      'run.sh',
      'chosen.csv',
    ].map(page.home$))
      attempts.push(await shell.hostile('files:typed', { purpose: 'save', format: 'csv', path }))
    // Main's save dialog is not pointed at a hidden file or another folder by the page.
    for (const suggestedName of ['.bashrc', '../.ssh/authorized_keys', '/home/x/.profile'])
      attempts.push(
        await window.hostile('files:choose', {
          purpose: 'save',
          format: 'csv',
          suggestedName,
          allFilesName: 'All files',
        }),
      )
    for (const attempt of attempts)
      expect(attempt).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
    expect(page.snapshot()).toEqual(before)

    // A place the user chose is written once; the same handle cannot write again.
    const target = await window.file(page.home$('saved-once.csv'), 'save', 'csv')
    const read = await window.file(page.home$('chosen.csv'))
    const plan = await window.ok('bulk:dryRun', {
      file: read,
      mode: 'export',
      mapping: ['token', null],
    })
    expect(
      await window.hostile('bulk:rows', {
        planId: plan.planId,
        offset: 0,
        limit: 1,
        only: 'all',
      }),
    ).toMatchObject({ ok: true })
    const exported = await window.hostile('bulk:start', {
      planId: plan.planId,
      concurrency: 1,
      exportTo: { file: target, format: 'csv' },
    })
    expect(exported.ok).toBe(true)
    const again = await window.hostile('bulk:saveInvalid', { planId: plan.planId, file: target })
    expect(again).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
  })
})

describeWithTestKeyring('a page running hostile script: certificate and key files', () => {
  const page = useHostilePage()
  const environment = (tls: unknown) => ({
    name: `Behind ${randomUUID()}`,
    baseUrl: 'https://staging.example.com',
    kind: 'staging',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: 5000,
    tls,
  })
  const withCa = (caFile: unknown) =>
    environment({ caFile, caOnly: false, clientCertificate: null })

  it('cannot make main read a key, or any file the user did not choose as a certificate', async () => {
    const window = page.start('electron')
    const shell = page.start('browser-shell')
    const attempts: Result<unknown>[] = []
    // Refused for what they are, before any file is opened: a path is no handle, and a handle
    // is one of a certificate the user chose or nothing.
    const refusedAs = async (id: string, attempt: Promise<Result<unknown>>) => {
      const result = await attempt
      expect(JSON.stringify(result)).toContain(id)
      attempts.push(result)
    }
    for (const t of [window, shell]) {
      const save = (draft: unknown) => t.hostile('environments:save', draft)
      await refusedAs('rule.fileHandle', save(withCa(page.home$('.ssh/id_rsa'))))
      await refusedAs(
        'rule.fileHandle',
        save(
          environment({
            caFile: null,
            caOnly: false,
            clientCertificate: {
              format: 'pem',
              certFile: page.home$('.ssh/id_rsa'),
              keyFile: 'keep',
            },
          }),
        ),
      )
      await refusedAs('files.notChosen', save(withCa(randomUUID())))
      // A CSV the user chose is not a certificate the user chose.
      await refusedAs('files.notChosen', save(withCa(await t.file(page.home$('chosen.csv')))))
    }
    for (const path of ['.ssh/id_rsa', '.aws/credentials', 'Documents/customers.csv'])
      attempts.push(
        await shell.hostile('files:typed', {
          purpose: 'open',
          format: 'pem',
          path: page.home$(path),
        }),
      )
    for (const attempt of attempts) expect(attempt.ok).toBe(false)
    const said = JSON.stringify(attempts)
    for (const marker of ['MARKER-ID-RSA', 'MARKER-AWS', 'MARKER-CUSTOMER'])
      expect(said).not.toContain(marker)
    expect((await window.ok('environments:list')).environments).toHaveLength(1)
  })

  it('cannot reuse a certificate the user chose for one environment, or put it in another field', async () => {
    const window = page.start('electron')
    writeFileSync(page.home$('sandbox-ca.pem'), testCertificate().cert)
    writeFileSync(page.home$('client.p12'), 'not read before its field is right')
    const chosen = await window.file(page.home$('sandbox-ca.pem'), 'open', 'pem')
    expect(await window.hostile('environments:save', withCa(chosen))).toMatchObject({ ok: true })
    // Spent by the save it was chosen for: a page cannot put it on production with its own proxy.
    expect(JSON.stringify(await window.hostile('environments:save', withCa(chosen)))).toContain(
      'files.notChosen',
    )
    const pkcs12 = await window.file(page.home$('client.p12'), 'open', 'pkcs12')
    expect(JSON.stringify(await window.hostile('environments:save', withCa(pkcs12)))).toContain(
      'files.notChosen',
    )
  })
})

import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Face, Result } from '../../src-shared/ipc'
import { startTestCore, useStagingSandbox, type TestCore } from '../helpers/core'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'

/** What a hostile page wants: each file's content is a marker that must never reach an answer. */
const HOME_FILES: Record<string, string> = {
  '.bashrc': 'ORIGINAL-BASHRC',
  '.ssh/id_rsa': '-----BEGIN OPENSSH PRIVATE KEY----- MARKER-ID-RSA',
  '.ssh/authorized_keys': 'ORIGINAL-AUTHORIZED-KEYS',
  '.aws/credentials': 'aws_secret_access_key = MARKER-AWS',
  'Documents/customers.csv': 'token,status\nMARKER-CUSTOMER,0\n',
  'chosen.csv': 'token,status\nchosen-by-the-user,0\n',
}

/** Every file under a folder with its bytes and times: what must not change. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) walk(path)
      else
        files[relative(root, path)] = entry.isSymbolicLink()
          ? 'link'
          : `${readFileSync(path, 'utf8')}|${statSync(path).mtimeMs}`
    }
  }
  walk(root)
  return files
}

/** The attacker's own server: it records what every request brought. */
async function startCapturingServer() {
  const seen: IncomingHttpHeaders[] = []
  const server = createServer((request, response) => {
    seen.push(request.headers)
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

describeWithTestKeyring(
  'a page running hostile script, against a real core and a fake home',
  () => {
    let sandbox: TestSandbox
    let attacker: Awaited<ReturnType<typeof startCapturingServer>>
    let home: ReturnType<typeof makeTempDir>
    const cores: TestCore[] = []
    /** What main's own confirmation dialog was asked, and how the user answers it. */
    const asked: { environment: string; count: number }[] = []
    let userConfirms = false

    beforeAll(async () => {
      sandbox = await startTestSandbox()
      attacker = await startCapturingServer()
      home = makeTempDir('hostile-home')
      for (const [name, content] of Object.entries(HOME_FILES)) {
        mkdirSync(join(home.path, name, '..'), { recursive: true })
        writeFileSync(join(home.path, name), content)
      }
      // A name the rules allow, leading where they do not.
      symlinkSync(join(home.path, '.ssh/id_rsa'), join(home.path, 'innocent.csv'))
    })
    afterAll(async () => {
      for (const core of cores) await core.stop()
      await attacker.close()
      await sandbox.stop()
      home.remove()
    })

    function start(
      face: Face,
    ): TestCore & { hostile: (channel: string, input: unknown) => Promise<Result<unknown>> } {
      const t = startTestCore({
        face,
        confirmWrite: (request) => {
          asked.push(request)
          return Promise.resolve(userConfirms)
        },
      })
      cores.push(t)
      return {
        ...t,
        // The page's calls cross IPC as structured clones: what survives one is what main gets.
        hostile: (channel, input) => t.core.dispatch(channel, structuredClone(input)),
      }
    }

    const home$ = (name: string) => join(home.path, name)

    it('cannot send a secret to another origin: a changed address or kind drops the secrets', async () => {
      const t = start('electron')
      const id = await useStagingSandbox(t, sandbox)
      const { environments } = await t.ok('environments:list')
      const stored = environments.find((e) => e.id === id)
      // Pointed at the attacker's server, same kind: the secrets go, nothing is sent.
      const moved = await t.hostile('environments:save', { ...stored, baseUrl: attacker.baseUrl })
      expect(moved).toMatchObject({
        ok: true,
        data: { secrets: { apiKey: false, secretKey: false } },
      })
      const probe = await t.hostile('environments:testConnection', { id })
      expect(probe).toMatchObject({ ok: false, error: { code: 'SECRET_MISSING' } })
      const authenticated = await t.hostile('sessions:authenticate', { identifier: 'someone' })
      expect(authenticated).toMatchObject({ ok: false, error: { code: 'SECRET_MISSING' } })
      // Put back: the secrets do not come back with the address.
      await t.hostile('environments:save', stored)
      expect(await t.hostile('environments:testConnection', { id })).toMatchObject({
        ok: false,
        error: { code: 'SECRET_MISSING' },
      })
      expect(attacker.seen).toEqual([])
    })

    it('cannot read a file the user did not choose, in the window or the browser shell', async () => {
      const window = start('electron')
      const shell = start('browser-shell')
      const attempts: Result<unknown>[] = []
      for (const t of [window, shell]) {
        for (const path of ['.ssh/id_rsa', '.aws/credentials', 'Documents/customers.csv'].map(
          home$,
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
      for (const path of ['.ssh/id_rsa', '.aws/credentials', 'innocent.csv', '.ssh'].map(home$))
        attempts.push(await shell.hostile('files:typed', { purpose: 'open', format: 'csv', path }))
      attempts.push(
        await window.hostile('files:typed', {
          purpose: 'open',
          format: 'csv',
          path: home$('chosen.csv'),
        }),
      )
      // A JSON file is never read, whoever names it: the console reads CSV files only.
      attempts.push(
        await shell.hostile('files:typed', {
          purpose: 'open',
          format: 'json',
          path: home$('key.json'),
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
        const file = await t.file(home$('chosen.csv'))
        expect(await t.hostile('bulk:inspect', { file })).toMatchObject({
          ok: true,
          data: { headers: ['token', 'status'] },
        })
      }
    })

    it('cannot write or replace a file the user did not choose, nor reuse a choice', async () => {
      const before = snapshot(home.path)
      const window = start('electron')
      const shell = start('browser-shell')
      const attempts: Result<unknown>[] = []
      for (const t of [window, shell]) {
        const read = await t.file(home$('chosen.csv'))
        const plan = await t.ok('bulk:dryRun', {
          file: read,
          mode: 'export',
          mapping: ['token', null],
        })
        for (const path of ['.bashrc', '.bash_profile', '.ssh/authorized_keys'].map(home$)) {
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
      ].map(home$))
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
      expect(snapshot(home.path)).toEqual(before)

      // A place the user chose is written once; the same handle cannot write again.
      const target = await window.file(home$('saved-once.csv'), 'save', 'csv')
      const read = await window.file(home$('chosen.csv'))
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

    it('cannot write to production without main’s own confirmation, nor by demoting it', async () => {
      const t = start('electron')
      const saved = await t.ok('environments:save', {
        name: 'Production',
        // Nothing listens on the discard port: a write that got past the guard fails as not sent.
        baseUrl: 'https://127.0.0.1:9',
        kind: 'production',
        userTokenScheme: 'hmac-sha256-hex',
        timeoutMs: 5000,
      })
      for (const name of ['apiKey', 'secretKey'] as const)
        await t.ok('environments:setSecret', {
          id: saved.id,
          name,
          value: `production-${name}-value`,
        })
      await t.ok('environments:select', { id: saved.id })
      // The page reads the name it must type from the list, and types it.
      const write = { user: { token: 'victim', status: 3 }, confirmEnvironment: 'Production' }
      userConfirms = false
      expect(await t.hostile('users:create', write)).toMatchObject({
        ok: false,
        error: { code: 'CONFIRMATION_REQUIRED' },
      })
      expect(asked.at(-1)).toEqual({ environment: 'Production', count: 1 })
      userConfirms = true
      expect(await t.hostile('users:create', write)).toMatchObject({
        ok: false,
        error: { code: 'NETWORK' },
      })

      // Demoted to staging, secrets kept by id: they are dropped, so no write goes anywhere.
      userConfirms = false
      const asks = asked.length
      const demoted = await t.hostile('environments:save', { ...saved, kind: 'staging' })
      expect(demoted).toMatchObject({
        ok: true,
        data: { secrets: { apiKey: false, secretKey: false } },
      })
      expect(await t.hostile('users:create', write)).toMatchObject({
        ok: false,
        error: { code: 'SECRET_MISSING' },
      })
      expect(asked.length).toBe(asks)
    })
  },
)

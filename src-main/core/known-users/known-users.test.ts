// The list of known users in the real core, on a staging sandbox whose secrets sit in a throwaway
// keychain: off writes nothing, on records what calls saw, retention and Forget all drop entries,
// and the file never holds a secret.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, useStagingSandbox, type TestCore } from '../../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'
import { createKnownUsers } from './known-users'
import { KNOWN_USERS_FILE } from './known-users-file'

const SECRETS = {
  apiKey: 'known-users-api-key-7f3a9c',
  secretKey: 'known-users-secret-key-51be02',
  userTokenSecret: 'known-users-user-token-secret-c0ffee',
}

const ANA = {
  token: 'known-ana',
  status: 2 as const,
  firstname: 'Ána María',
  lastname: 'Núñez',
  email: 'ana.nunez@example.com',
  nid_number: '12345678Z',
}

describeWithTestKeyring('the list of known users in the core', () => {
  let t: TestCore
  let staging: TestSandbox
  let stagingId = ''
  const file = () => join(t.dataDirectory, KNOWN_USERS_FILE)

  beforeAll(async () => {
    t = startTestCore()
    staging = await startTestSandbox({ credentials: SECRETS })
    stagingId = await useStagingSandbox(t, staging)
  })
  afterAll(async () => {
    await t.stop()
    await staging.stop()
  })

  it('is off at first, and then writes nothing for a user looked up', async () => {
    expect(await t.ok('users:knownSettings')).toEqual({ enabled: false, retentionDays: 30 })
    await t.ok('users:create', { user: ANA })
    await t.ok('users:retrieve', { token: ANA.token })
    const found = await t.ok('users:find', { text: 'ana' })
    expect(found).toMatchObject({ matches: [], matched: 0, known: 0 })
    expect(readdirSync(t.dataDirectory).filter((name) => name.startsWith('known-users'))).toEqual(
      [],
    )
  })

  it('once on, finds a user read, by name without accents, by email and by DNI', async () => {
    await t.ok('users:setKnownSettings', { enabled: true, retentionDays: 30 })
    await t.ok('users:retrieve', { token: ANA.token })
    for (const text of ['ana maria nunez', 'ANA.NUNEZ@', '12345678-z']) {
      const found = await t.ok('users:find', { text })
      expect(found.matches).toEqual([
        expect.objectContaining({
          environmentId: stagingId,
          token: ANA.token,
          firstname: 'Ána María',
          lastname: 'Núñez',
          email: ANA.email,
          nid_number: ANA.nid_number,
          source: 'read',
        }),
      ])
    }
  })

  it('says where a user came from: created, then updated', async () => {
    const created = await t.ok('users:create', {
      user: { token: 'known-luis', status: 0, firstname: 'Luis', lastname: 'Gómez' },
    })
    expect((await t.ok('users:find', { text: 'gomez' })).matches[0]?.source).toBe('created')
    await t.ok('users:update', {
      token: 'known-luis',
      changes: { status: 0, firstname: 'Luis', lastname: 'Gómez Ruiz' },
      base: created.record,
    })
    expect((await t.ok('users:find', { text: 'gomez ruiz' })).matches[0]?.source).toBe('updated')
  })

  it('keeps the list in a file of its user only, with none of the secrets in the keychain', () => {
    const text = readFileSync(file(), 'utf8')
    expect(text).toContain('ana.nunez@example.com')
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret)
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
    if (process.platform !== 'win32') expect(statSync(file()).mode & 0o777).toBe(0o600)
  })

  it('keeps each environment apart: the Local sandbox has none of these users', async () => {
    await t.ok('environments:select', { id: 'local-sandbox' })
    expect((await t.ok('users:find', { text: 'ana' })).known).toBe(0)
    await t.ok('environments:select', { id: stagingId })
  })

  it('forgets every user on Forget all, and keeps nothing once turned off', async () => {
    expect((await t.ok('users:forgetKnown')).forgotten).toBe(2)
    expect(await t.ok('users:find', { text: '' })).toMatchObject({ matches: [], known: 0 })
    expect(readFileSync(file(), 'utf8')).not.toContain('example.com')
    await t.ok('users:retrieve', { token: ANA.token })
    expect((await t.ok('users:find', { text: '' })).known).toBe(1)
    await t.ok('users:setKnownSettings', { enabled: false, retentionDays: 30 })
    await t.ok('users:retrieve', { token: ANA.token })
    expect((await t.ok('users:find', { text: '' })).known).toBe(0)
    expect(readFileSync(file(), 'utf8')).not.toContain('example.com')
  })
})

describe('the retention period of known users', () => {
  it('drops entries older than it, on load and on write', async () => {
    const dir = makeTempDir('known-users')
    let now = new Date('2026-11-01T10:00:00.000Z')
    const known = createKnownUsers(dir.path, { now: () => now, log: () => undefined })
    await known.setSettings({ enabled: true, retentionDays: 7 })
    known.recorderFor('env', () => new Map())({ token: 'old', firstname: 'Olga' }, 'read')
    await known.settle()
    expect((await known.find('env', 'olga')).matched).toBe(1)

    now = new Date('2026-11-09T10:00:00.000Z')
    expect((await known.find('env', 'olga')).matched).toBe(0)
    // Another face reading the file after the period finds nothing either.
    const other = createKnownUsers(dir.path, { now: () => now })
    expect((await other.find('env', '')).known).toBe(0)

    known.recorderFor('env', () => new Map())({ token: 'new', firstname: 'Nuria' }, 'imported')
    await known.settle()
    const written = readFileSync(join(dir.path, KNOWN_USERS_FILE), 'utf8')
    expect(written).toContain('Nuria')
    expect(written).not.toContain('Olga')
    dir.remove()
  })

  it('merges what two faces record at once, neither overwriting the other', async () => {
    const dir = makeTempDir('known-users')
    const window = createKnownUsers(dir.path)
    const command = createKnownUsers(dir.path)
    await window.setSettings({ enabled: true, retentionDays: 30 })
    window.recorderFor('env', () => new Map())(
      { token: 'from-window', firstname: 'Ventana' },
      'read',
    )
    command.recorderFor('env', () => new Map())({ token: 'from-cli', firstname: 'Consola' }, 'read')
    await Promise.all([window.settle(), command.settle()])
    expect((await window.find('env', '')).matches.map((m) => m.token).sort()).toEqual([
      'from-cli',
      'from-window',
    ])
    dir.remove()
  })

  it('leaves out a field that holds a secret in any form, and a user whose token holds one', async () => {
    const dir = makeTempDir('known-users')
    const known = createKnownUsers(dir.path)
    await known.setSettings({ enabled: true, retentionDays: 30 })
    const secret = 's3cret+value/123'
    const record = known.recorderFor('env', () => new Map([[secret, '$SECRET_KEY']]))
    record({ token: 'u1', firstname: `x ${secret}`, lastname: 'Ruiz' }, 'read')
    record(
      { token: 'u2', email: `${encodeURIComponent(secret)}@example.com`, lastname: 'Sanz' },
      'read',
    )
    const base64 = Buffer.from(secret).toString('base64')
    record({ token: 'u3', nid_number: base64.slice(0, 40), lastname: 'Vera' }, 'read')
    record({ token: `tok-${secret}`, firstname: 'Eva' }, 'read')
    await known.settle()
    const text = readFileSync(join(dir.path, KNOWN_USERS_FILE), 'utf8')
    expect(text).not.toContain(secret)
    expect(text).not.toContain(encodeURIComponent(secret))
    expect(text).not.toContain(base64)
    expect((await known.find('env', 'ruiz')).matches[0]).toMatchObject({ firstname: null })
    expect((await known.find('env', 'sanz')).matches[0]).toMatchObject({ email: null })
    expect((await known.find('env', 'vera')).matches[0]).toMatchObject({ nid_number: null })
    expect((await known.find('env', 'eva')).matches).toEqual([])
    dir.remove()
  })

  it('keeps a user whose field is longer than the list holds, without that field, and every other user as it was', async () => {
    const dir = makeTempDir('known-users')
    const known = createKnownUsers(dir.path)
    await known.setSettings({ enabled: true, retentionDays: 30 })
    const record = known.recorderFor('env', () => new Map())
    record({ token: 'u-long', nid_number: '1'.repeat(41), lastname: 'Largo' }, 'read')
    record({ token: 't'.repeat(201), lastname: 'Ficha' }, 'read')
    record({ token: 'u-ok', lastname: 'Corto' }, 'read')
    await known.settle()
    // Another face reads the same file: the list is still on, with both users that fit.
    const other = createKnownUsers(dir.path)
    expect(await other.settings()).toEqual({ enabled: true, retentionDays: 30 })
    const found = await other.find('env', '')
    const kept = found.matches.map((match) => [match.token, match.nid_number, match.lastname])
    expect(kept.sort()).toEqual([
      ['u-long', null, 'Largo'],
      ['u-ok', null, 'Corto'],
    ])
    dir.remove()
  })

  it('drops an entry of the file that does not fit, and keeps the choice and the others', async () => {
    const dir = makeTempDir('known-users')
    const known = createKnownUsers(dir.path)
    await known.setSettings({ enabled: true, retentionDays: 30 })
    known.recorderFor('env', () => new Map())({ token: 'u-ok', lastname: 'Bien' }, 'read')
    await known.settle()
    const path = join(dir.path, KNOWN_USERS_FILE)
    const file = JSON.parse(readFileSync(path, 'utf8')) as { entries: unknown[] }
    file.entries.push({ token: 'edited by hand' })
    writeFileSync(path, JSON.stringify(file))
    const other = createKnownUsers(dir.path)
    expect(await other.settings()).toEqual({ enabled: true, retentionDays: 30 })
    expect((await other.find('env', '')).matches.map((match) => match.token)).toEqual(['u-ok'])
    // The entry that did not fit leaves the file too.
    expect(readFileSync(path, 'utf8')).not.toContain('edited by hand')
    dir.remove()
  })
})

// What leaves the file of known users without a new user being recorded: entries past their
// retention, as soon as a read finds them, and an environment's users when it is deleted.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestCore, useStagingSandbox, type TestCore } from '../../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'
import { createKnownUsers } from './known-users'
import { KNOWN_USERS_FILE } from './known-users-file'

describe('an entry past its retention', () => {
  it('is gone from the file once the list is read, and when a console starts', async () => {
    const dir = makeTempDir('known-users')
    const file = join(dir.path, KNOWN_USERS_FILE)
    let now = new Date('2026-11-01T10:00:00.000Z')
    const known = createKnownUsers(dir.path, { now: () => now, log: () => undefined })
    await known.setSettings({ enabled: true, retentionDays: 7 })
    known.recorderFor('env', () => new Map())({ token: 'old', firstname: 'Olga' }, 'read')
    await known.settle()
    expect(readFileSync(file, 'utf8')).toContain('Olga')

    now = new Date('2026-11-09T10:00:00.000Z')
    expect((await known.find('env', '')).known).toBe(0)
    expect(readFileSync(file, 'utf8')).not.toContain('Olga')

    // Written again at the start date: a console started later, which only reads, drops it too.
    const reopened = createKnownUsers(dir.path, { now: () => new Date('2026-11-01T10:00:00Z') })
    reopened.recorderFor('env', () => new Map())({ token: 'old', firstname: 'Olga' }, 'read')
    await reopened.settle()
    expect(readFileSync(file, 'utf8')).toContain('Olga')
    const started = createKnownUsers(dir.path, { now: () => now })
    await started.settle()
    expect(readFileSync(file, 'utf8')).not.toContain('Olga')
    dir.remove()
  })
})

describeWithTestKeyring('an environment deleted', () => {
  let t: TestCore
  let staging: TestSandbox
  beforeAll(async () => {
    t = startTestCore()
    staging = await startTestSandbox()
  })
  afterAll(async () => {
    await t.stop()
    await staging.stop()
  })

  it('takes its known users with it, and leaves the other environments their own', async () => {
    await t.ok('users:setKnownSettings', { enabled: true, retentionDays: 30 })
    await t.ok('users:create', { user: { token: 'local-one', status: 0, firstname: 'Lucía' } })
    const stagingId = await useStagingSandbox(t, staging)
    await t.ok('users:create', { user: { token: 'staging-one', status: 0, firstname: 'Sara' } })
    expect((await t.ok('users:find', { text: 'sara' })).known).toBe(1)

    await t.ok('environments:delete', { id: stagingId })
    const text = readFileSync(join(t.dataDirectory, KNOWN_USERS_FILE), 'utf8')
    expect(text).not.toContain('staging-one')
    expect(text).toContain('local-one')
    expect((await t.ok('users:find', { text: 'lucia' })).known).toBe(1)
  })
})

// A bulk run's rows that succeeded join the list of known users as imported; a row the service
// refused does not.
import { expect, it } from 'vitest'
import { bulkWorld, runToEnd } from '../../../test/bulk/bulk-world'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

describeWithTestKeyring('known users from a bulk run', () => {
  const world = bulkWorld('known-users-bulk')

  it('records each created row as imported, and no row that failed', async () => {
    const { t, sandbox } = world
    await t.ok('users:setKnownSettings', { enabled: true, retentionDays: 30 })
    // Made behind the console's back: the file's Create of it is refused as a duplicate.
    await sandbox.call('POST', '/api/v3/pendingCompanyUsers', {
      json: { token: 'imp-taken', status: 0, firstname: 'Zoe' },
    })
    const path = world.csv([
      'token,status,nombre',
      'imp-1,2,Íñigo',
      'imp-2,2,Begoña',
      'imp-taken,2,Zoe',
    ])
    const end = await runToEnd(t, path, 'create', ['token', 'status', 'firstname'])
    expect(end.counts).toMatchObject({ created: 2, failed: 1 })

    const found = await t.ok('users:find', { text: '' })
    expect(found.matches.map((user) => [user.token, user.source]).sort()).toEqual([
      ['imp-1', 'imported'],
      ['imp-2', 'imported'],
    ])
    expect((await t.ok('users:find', { text: 'inigo' })).matches[0]?.firstname).toBe('Íñigo')
  })
})

import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createUserTokenHasher } from '../src-shared/service'
import { startTestSandbox } from '../test/helpers/sandbox'
import { makeTempDir } from '../test/helpers/temp-dir'
import Database from 'libsql'
import { openDatabase } from './database'
import { MIGRATIONS } from './migrations'
import { createUserStore } from './user-store'
import { userTokenOf } from './user-token-index'

const temp = makeTempDir('user-token-index')
afterAll(temp.remove)

it("computes the same userToken as the console's own hasher, for any token and secret", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.string({ minLength: 1 }),
      fc.string({ minLength: 1 }),
      async (token, secret) => {
        const shared = await createUserTokenHasher('hmac-sha256-hex', secret)
        expect(userTokenOf('hmac-sha256-hex', secret)(token)).toBe(await shared(token))
      },
    ),
  )
  expect(userTokenOf('plain', '')('as-is')).toBe('as-is')
})

describe('the userTokens kept with the users', () => {
  it('are computed once for a key, not again on every write', () => {
    const db = openDatabase(join(temp.path, 'once.db'))
    try {
      const store = createUserStore(db, userTokenOf('plain', ''), 'plain')
      expect(store.indexUserTokens()).toBe(true)
      store.create({ token: 'one', status: 2 })
      expect(store.indexUserTokens()).toBe(false)
      expect(createUserStore(db, userTokenOf('plain', ''), 'other').indexUserTokens()).toBe(true)
    } finally {
      db.close()
    }
  })

  const databasePath = join(temp.path, 'kept.db')
  const userToken = async (token: string, secret: string) =>
    (await createUserTokenHasher('hmac-sha256-hex', secret))(token)
  const authenticate = async (
    sandbox: Awaited<ReturnType<typeof startTestSandbox>>,
    token: string,
  ) => {
    const query = new URLSearchParams({
      installationGuid: randomUUID(),
      userToken: await userToken(token, sandbox.credentials.userTokenSecret),
    })
    return (await sandbox.call('GET', `/2/authenticate?${query.toString()}`)).status
  }

  it('are computed again at a start with another secret, and found by the new one', async () => {
    const first = await startTestSandbox({
      databasePath,
      credentials: { userTokenSecret: 's-one' },
    })
    await first.call('POST', '/api/v3/pendingCompanyUsers', { json: { token: 'kept', status: 2 } })
    expect(await authenticate(first, 'kept')).toBe(200)
    await first.stop()

    const second = await startTestSandbox({
      databasePath,
      credentials: { userTokenSecret: 's-two' },
    })
    try {
      expect(await authenticate(second, 'kept')).toBe(200)
      const stale = new URLSearchParams({
        installationGuid: randomUUID(),
        userToken: await userToken('kept', 's-one'),
      })
      expect((await second.call('GET', `/2/authenticate?${stale.toString()}`)).status).toBe(404)
    } finally {
      await second.stop()
    }
  })

  it('are filled in for users a database of the first version holds', async () => {
    const older = join(temp.path, 'older.db')
    // The first version's database, as it ran: its schema only, one user in it.
    const db = new Database(older)
    db.exec(MIGRATIONS[0] ?? '')
    db.pragma('user_version = 1')
    db.prepare(
      `INSERT INTO users (token, user_hash, status, created_at, updated_at)
       VALUES ('old', 'hash-of-old', 0, '2026-01-01', '2026-01-01')`,
    ).run()
    db.close()

    const again = await startTestSandbox({
      databasePath: older,
      credentials: { userTokenSecret: 's' },
    })
    try {
      expect(await authenticate(again, 'old')).toBe(200)
    } finally {
      await again.stop()
    }
  })

  it('stay findable by two sandboxes that share a database with different secrets', async () => {
    const shared = join(temp.path, 'shared.db')
    const one = await startTestSandbox({
      databasePath: shared,
      credentials: { userTokenSecret: 'a1' },
    })
    const two = await startTestSandbox({
      databasePath: shared,
      credentials: { userTokenSecret: 'b2' },
    })
    try {
      await one.call('POST', '/api/v3/pendingCompanyUsers', {
        json: { token: 'by-one', status: 2 },
      })
      await two.call('POST', '/api/v3/pendingCompanyUsers', {
        json: { token: 'by-two', status: 2 },
      })
      for (const sandbox of [one, two, one])
        for (const token of ['by-one', 'by-two'])
          expect({ token, status: await authenticate(sandbox, token) }).toEqual({
            token,
            status: 200,
          })
    } finally {
      await one.stop()
      await two.stop()
    }
  })
})

import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createUserTokenHasher } from '../src-shared/service'
import { startTestSandbox } from '../test/helpers/sandbox'
import { makeTempDir } from '../test/helpers/temp-dir'
import { openDatabase } from './database'
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

  it('are filled in for users a database from before them holds', async () => {
    const older = join(temp.path, 'older.db')
    const sandbox = await startTestSandbox({
      databasePath: older,
      credentials: { userTokenSecret: 's' },
    })
    await sandbox.call('POST', '/api/v3/pendingCompanyUsers', { json: { token: 'old', status: 0 } })
    await sandbox.stop()
    // As the first version of the database left it: no userToken kept, nothing known of a key.
    const db = openDatabase(older)
    db.exec('UPDATE users SET user_token = NULL; DELETE FROM sandbox_meta')
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
})

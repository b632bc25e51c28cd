import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createUserTokenHasher } from '../src-shared/service'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'
import { makeTempDir } from '../test/helpers/temp-dir'
import { readSeed } from './seed'

const dir = makeTempDir('seed')
afterAll(() => dir.remove())

function file(name: string, text: string): string {
  const path = join(dir.path, name)
  writeFileSync(path, text)
  return path
}

const USERS = '/api/v3/pendingCompanyUsers'

async function userHashOf(sandbox: TestSandbox, token: string): Promise<string> {
  const hash = await createUserTokenHasher('hmac-sha256-hex', sandbox.credentials.userTokenSecret)
  const query = new URLSearchParams({
    installationGuid: randomUUID(),
    userToken: await hash(token),
  })
  const answer = await sandbox.call('GET', `/2/authenticate?${query.toString()}`)
  return (answer.body as { userHash: string }).userHash
}

describe('SANDBOX_SEED', () => {
  it('reads users from JSON and from a ;-separated CSV with a BOM, the same', () => {
    const json = file(
      'users.json',
      JSON.stringify([{ token: 'ana', status: 2, firstname: 'Begoña', nid_number: '12345678Z' }]),
    )
    const csv = file(
      'users.csv',
      '\uFEFFtoken;status;firstname;nid_number;email\nana;2;Begoña;12345678Z;\n',
    )
    expect(readSeed(json)).toEqual([
      { token: 'ana', status: 2, firstname: 'Begoña', nid_number: '12345678Z' },
    ])
    expect(readSeed(csv)).toEqual(readSeed(json))
    expect(
      readSeed(file('wrapped.json', JSON.stringify({ users: [{ token: 'b', status: 0 }] }))),
    ).toEqual([{ token: 'b', status: 0 }])
  })

  it('refuses the whole file for one bad user, naming the user and the field', () => {
    const path = file(
      'bad.json',
      JSON.stringify([
        { token: 'ok', status: 2 },
        { token: 'bad', status: 9, nid_number: '12.345.678-Z' },
        { token: 'ok', status: 0 },
      ]),
    )
    expect(() => readSeed(path)).toThrow(
      /user 2: status: status must be one of[\s\S]*user 2: nid_number:[\s\S]*user 3: token ok is given twice/,
    )
    expect(() => readSeed(file('broken.json', '[{'))).toThrow(
      /SANDBOX_SEED .*broken\.json cannot be read/,
    )
    expect(() => readSeed(join(dir.path, 'missing.csv'))).toThrow(/cannot be read: ENOENT/)
  })
})

describe('a seeded sandbox and its reset', () => {
  it('starts with the seed, and a reset leaves exactly the seed as given', async () => {
    const sandbox = await startTestSandbox({
      seed: [{ token: 'seeded', status: 2, firstname: 'Ana' }],
    })
    try {
      expect((await sandbox.call('GET', `${USERS}/seeded`)).body).toMatchObject({
        firstname: 'Ana',
      })
      const userHash = await userHashOf(sandbox, 'seeded')
      await sandbox.call('PUT', `${USERS}/seeded`, { json: { status: 3, firstname: 'Changed' } })
      await sandbox.call('POST', USERS, { json: { token: 'extra', status: 0 } })

      expect(
        (await sandbox.call('POST', '/_sandbox/reset', { headers: { apiKey: 'wrong' } })).status,
      ).toBe(401)
      const reset = await sandbox.call('POST', '/_sandbox/reset')
      expect(reset).toMatchObject({ status: 200, body: { users: 1 } })
      expect((await sandbox.call('GET', `${USERS}/seeded`)).body).toMatchObject({
        status: 2,
        firstname: 'Ana',
      })
      // Its JWTs' subject is the same after the reset.
      expect(await userHashOf(sandbox, 'seeded')).toBe(userHash)
      expect((await sandbox.call('GET', `${USERS}/extra`)).status).toBe(404)
      // The extra user's token is free again.
      expect(
        (await sandbox.call('POST', USERS, { json: { token: 'extra', status: 0 } })).status,
      ).toBe(201)
    } finally {
      await sandbox.stop()
    }
  })
})

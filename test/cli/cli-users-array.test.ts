import { randomUUID } from 'node:crypto'
import { afterAll, expect, it } from 'vitest'
import type { CliRun } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { describeWithTestKeyring } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console users create: an array of users', () => {
  const session = cliSession('cli-users-array')
  const cli = (args: string[], stdin: string, locale?: string): Promise<CliRun> =>
    session.cli(args, { stdin, ...(locale === undefined ? {} : { locale }) })
  afterAll(() => session.remove())

  it('creates each in order and prints their records', async () => {
    const tokens = [`array-${randomUUID()}`, `array-${randomUUID()}`]
    const users = tokens.map((token, index) => ({ token, status: index === 0 ? 0 : 2 }))
    const created = await cli(['users', 'create', '--json', '-'], JSON.stringify(users))
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect((JSON.parse(created.stdout) as { token: string }[]).map((user) => user.token)).toEqual(
      tokens,
    )
  })

  it('sends nothing when any user is invalid, and names each by its place and field', async () => {
    const token = `array-${randomUUID()}`
    const users = [
      { token, status: 0 },
      { token: `${token}-2`, status: 0, nid_number: '00973305R' },
      { token: `${token}-3`, status: 9 },
    ]
    const refused = await cli(['users', 'create', '--json', '-'], JSON.stringify(users), 'es_ES')
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('No todos los usuarios son válidos; no se ha enviado nada.')
    expect(refused.stderr).toMatch(/usuario 2: nid_number: /)
    expect(refused.stderr).toMatch(/usuario 3: status: /)
    expect((await cli(['users', 'get', token], '')).code).not.toBe(0)
  })

  it('stops at the first refused, printing the records created before it and saying so', async () => {
    const token = `array-${randomUUID()}`
    const users = [
      { token, status: 0 },
      { token, status: 2 },
      { token: `${token}-never`, status: 0 },
    ]
    const stopped = await cli(['users', 'create', '--json', '-'], JSON.stringify(users))
    expect(stopped.code).not.toBe(0)
    expect((JSON.parse(stopped.stdout) as { token: string }[]).map((user) => user.token)).toEqual([
      token,
    ])
    expect(stopped.stderr).toContain(
      'User 2 of 3 was not created; those before it were, and their records are printed.',
    )
    expect((await cli(['users', 'get', `${token}-never`], '')).code).not.toBe(0)
  })
})

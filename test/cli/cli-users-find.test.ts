import { randomUUID } from 'node:crypto'
import { afterAll, expect, it } from 'vitest'
import { cliSession } from '../helpers/cli-session'
import { describeWithTestKeyring } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console users find: the local list of known users', () => {
  const session = cliSession('cli-users-find')
  afterAll(async () => {
    session.expectNoSecretShown(await session.takeLocalSandboxSecrets())
    session.remove()
  })

  it('finds nothing while the list is off, and says how to turn it on', async () => {
    const token = `find-off-${randomUUID()}`
    await session.cli(['users', 'create', '--json', '-'], {
      stdin: JSON.stringify({ token, status: 0, firstname: 'Íñigo' }),
    })
    const found = await session.cli(['users', 'find', 'inigo'])
    expect(found).toMatchObject({ code: 0, stdout: '' })
    expect(found.stderr).toContain('users known --on')
  })

  it('once on, finds a created user by name without accents, and forgets on --forget', async () => {
    const on = await session.cli(['users', 'known', '--on', '--keep-days', '7'])
    expect(JSON.parse(on.stdout)).toEqual({ enabled: true, retentionDays: 7 })
    const token = `find-on-${randomUUID()}`
    await session.cli(['users', 'create', '--json', '-'], {
      stdin: JSON.stringify({ token, status: 2, firstname: 'Begoña', lastname: 'Martínez' }),
    })
    const found = await session.cli(['users', 'find', 'begona martinez'])
    expect(found.code).toBe(0)
    expect(found.stdout.trim().split('\t').slice(0, 2)).toEqual([token, 'Begoña Martínez'])
    expect(found.stdout).toContain('\tcreated\t')

    const forgot = await session.cli(['users', 'known', '--forget'])
    expect(forgot.stderr).toContain('Forgot 1 user, in every environment.')
    expect((await session.cli(['users', 'find', 'begona'])).stdout).toBe('')
  })
})

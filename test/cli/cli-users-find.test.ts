import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
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

  it('says so in Spanish under LANG=es_ES.UTF-8, as the docs promise for all it tells', async () => {
    const spanish = { env: { ...session.env, LANG: 'es_ES.UTF-8' }, locale: '' }
    const found = await session.cli(['users', 'find', 'inigo'], spanish)
    expect(found.stderr).toContain(
      'La lista de usuarios conocidos está desactivada: actívala con `users known --on`.',
    )
    const forgot = await session.cli(['users', 'known', '--forget'], spanish)
    expect(forgot.stderr).toContain('Usuarios olvidados en todos los entornos: 0.')
  })

  it('refuses --on with --off, saying why, and leaves the list as it was', async () => {
    await session.cli(['users', 'known', '--on'])
    const both = await session.cli(['users', 'known', '--on', '--off'])
    expect(both.code).toBe(2)
    expect(both.stderr).toContain('--on and --off ask for opposite things')
    expect(JSON.parse((await session.cli(['users', 'known'])).stdout)).toMatchObject({
      enabled: true,
    })
  })

  it('prints a name holding terminal controls with each control as a space', async () => {
    // As a service that stores any text might answer it, and an older list kept it.
    const entry = {
      environmentId: 'local-sandbox',
      token: 'controls',
      email: null,
      nid_number: null,
      firstname: 'Eva\u001b[2J\u009b31m',
      lastname: 'Ruiz\tX\nY',
      source: 'read',
      lastSeen: new Date().toISOString(),
    }
    writeFileSync(
      join(session.dataDirectory, 'known-users.json'),
      JSON.stringify({
        schemaVersion: 1,
        settings: { enabled: true, retentionDays: 7 },
        entries: [entry],
      }),
    )
    const found = await session.cli(['users', 'find', 'ruiz'])
    expect(found.stdout.trim().split('\t').slice(0, 2)).toEqual([
      'controls',
      'Eva [2J 31m Ruiz X Y',
    ])
    expect(found.stdout).not.toContain('\u001b')
    expect(found.stdout).not.toContain('\u009b')
    await session.cli(['users', 'known', '--forget'])
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
    expect(forgot.stderr).toContain('Forgot 1 user(s), in every environment.')
    expect((await session.cli(['users', 'find', 'begona'])).stdout).toBe('')
  })
})

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { CLI_PATH } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { spawnSandbox } from '../helpers/sandbox-process'
import { describeWithTestKeyring } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console: bulk files and the sandbox command', () => {
  const session = cliSession('cli-bulk')
  const folder = session.workDirectory
  const cli = (args: string[], locale?: string) =>
    session.cli(args, locale === undefined ? {} : { locale })
  function file(name: string, lines: string[]): string {
    const path = join(folder, name)
    writeFileSync(path, `${lines.join('\r\n')}\r\n`)
    return path
  }

  afterAll(async () => {
    session.expectNoSecretShown(await session.takeLocalSandboxSecrets())
    session.remove()
  })

  it('checks a file first: a dry run sends nothing, names the bad rows and saves them', async () => {
    file('people.csv', [
      'token;estado;nombre;dni',
      'bulk-a;2;Begoña;12.345.678-z',
      'bulk-b;2;Íñigo;00000000A',
      'bulk-c;7;Ana;',
    ])
    const dry = await cli(['import', 'people.csv', '--dry-run', '--invalid-to', 'fix-me.csv'])
    expect(dry).toMatchObject({ code: 2, stdout: '' })
    expect(dry.stderr).toContain('people.csv: utf-8, ";"-separated')
    expect(dry.stderr).toContain('3 rows: 1 valid, 2 invalid')
    // Each rule once: "nid_number must be…", not "nid_number: nid_number must be…".
    expect(dry.stderr).toMatch(/row 3: nid_number must be a Spanish DNI/)
    expect(dry.stderr).toMatch(/row 4: status must be one of/)
    // The page is told a file's name; the terminal is the user's own, and says where it went.
    expect(dry.stderr).toContain(
      `saved the invalid rows (2) with their errors to ${join(folder, 'fix-me.csv')}`,
    )
    const fixMe = readFileSync(join(folder, 'fix-me.csv'), 'utf8')
    expect(fixMe).toMatch(/^\uFEFF?token;estado;nombre;dni;errors\r?\n/)
    expect(fixMe).toContain('bulk-b')
    expect(fixMe).toContain('with a correct control letter')

    // In Spanish the file's rules are Spanish too; its column names stay as scripts read them,
    // and so does data that reads like a word of the console (a column called Export).
    file('gente.csv', [
      'token;estado;nombre;dni;Export',
      'bulk-a;2;Begoña;12.345.678-z;x',
      'bulk-b;2;Íñigo;00000000A;x',
    ])
    const spanish = await cli(
      ['import', 'gente.csv', '--dry-run', '--invalid-to', 'corrige.csv'],
      'es_ES.UTF-8',
    )
    expect(spanish.code).toBe(2)
    // The file's summary and each row's problems in the language of LANG, too.
    expect(spanish.stderr).toContain('columnas sin leer (nunca se envían): Export\n')
    expect(spanish.stderr).toMatch(/^fila 3: .*nid_number.* DNI español/m)
    expect((await cli(['import', 'gente.csv'])).stderr).toContain(
      'Invalid rows: 1; nothing was sent.',
    )
    const corrige = readFileSync(join(folder, 'corrige.csv'), 'utf8')
    expect(corrige).toMatch(/^\uFEFF?token;estado;nombre;dni;Export;errors\r?\n/)
    expect(corrige).toMatch(/;[^;\n]*nid_number[^;\n]* DNI español/)
    expect(corrige).toContain('con la letra de control correcta')
    expect(corrige).not.toContain('with a correct control letter')
    expect((await cli(['users', 'get', 'bulk-a'])).code).toBe(1)

    const refused = await cli(['import', 'people.csv'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('Invalid rows: 2; nothing was sent.')
    expect((await cli(['import', 'people.csv', '--map', 'nope=token'])).stderr).toContain(
      'the file has no column "nope"',
    )
  })

  it('imports with plain progress lines off a terminal, then sets status and exports', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `bulk-${i},2,Persona ${i}`)
    file('team.csv', ['token,status,firstname', ...rows])
    const imported = await cli(['import', 'team.csv', '--results', 'results.csv'])
    expect(imported.code, imported.stderr).toBe(0)
    expect(imported.stdout).toBe('finished: created 60 (of 60 rows)\n')
    expect(imported.stderr).toMatch(/^progress: running, /m)
    expect(imported.stderr).toMatch(/^progress: finished, 60\/60 done, 0 failed/m)
    expect(imported.stderr).not.toContain('\r')
    expect(readFileSync(join(folder, 'results.csv'), 'utf8')).toMatch(/^2,bulk-0,created,201,/m)

    const again = await cli(['import', 'team.csv'])
    expect(again.code, again.stderr).toBe(1)
    expect(again.stdout).toBe('finished: failed 60 (of 60 rows)\n')

    file('leavers.csv', ['token', 'bulk-1', 'bulk-2'])
    const status = await cli(['set-status', 'leavers.csv', '--status', '3'])
    expect(status, status.stderr).toMatchObject({
      code: 0,
      stdout: 'finished: statusSet 2 (of 2 rows)\n',
    })
    expect(JSON.parse((await cli(['users', 'get', 'bulk-2'])).stdout)).toMatchObject({ status: 3 })
    expect((await cli(['set-status', 'leavers.csv', '--status', '9'])).code).toBe(2)

    const exported = await cli([
      'export',
      'leavers.csv',
      '--out',
      'audit.json',
      '--out-format',
      'json',
    ])
    expect(exported.code, exported.stderr).toBe(0)
    const records = JSON.parse(readFileSync(join(folder, 'audit.json'), 'utf8')) as {
      token: string
    }[]
    expect(records.map((r) => r.token).sort()).toEqual(['bulk-1', 'bulk-2'])
  })

  it('serves the sandbox with SANDBOX_SEED; a reset puts the seed back; SIGTERM stops it', async () => {
    const unset = await cli(['sandbox'])
    expect(unset.code).toBe(2)
    expect(unset.stderr).toContain(
      'Set SANDBOX_API_KEY, SANDBOX_SECRET_KEY, SANDBOX_USER_TOKEN_SECRET',
    )
    const seed = join(folder, 'seed.json')
    writeFileSync(seed, JSON.stringify([{ token: 'seeded', status: 2, firstname: 'Ana' }]))
    const credentials = {
      SANDBOX_API_KEY: 'cli-sandbox-api-key',
      SANDBOX_SECRET_KEY: 'cli-sandbox-secret-key',
      SANDBOX_USER_TOKEN_SECRET: 'cli-sandbox-user-token-secret',
    }
    const sandbox = await spawnSandbox(
      { ...credentials, SANDBOX_PORT: '0', SANDBOX_DB: ':memory:', SANDBOX_SEED: seed },
      [CLI_PATH, 'sandbox'],
    )
    const headers = {
      apiKey: credentials.SANDBOX_API_KEY,
      secretKey: credentials.SANDBOX_SECRET_KEY,
    }
    expect(sandbox.output()).toContain(`seeded users:      1 (from ${seed}`)
    expect(sandbox.output()).not.toContain(credentials.SANDBOX_SECRET_KEY)
    const user = `${sandbox.baseUrl}/api/v3/pendingCompanyUsers/seeded`
    await fetch(user, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"status":0,"firstname":"Changed"}',
    })
    const reset = await fetch(`${sandbox.baseUrl}/_sandbox/reset`, { method: 'POST', headers })
    expect(await reset.json()).toEqual({ users: 1 })
    expect(await (await fetch(user, { headers })).json()).toMatchObject({
      firstname: 'Ana',
      status: 2,
    })
    sandbox.child.kill('SIGTERM')
    expect(await sandbox.exited).toEqual({ code: 0, signal: null })
  })
})

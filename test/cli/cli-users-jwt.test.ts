import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose'
import Database from 'libsql'
import { afterAll, expect, it } from 'vitest'
import type { CliRun } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { describeWithTestKeyring } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console: users and session JWTs on the Local sandbox', () => {
  const session = cliSession('cli-users')
  const cli = (args: string[], stdin?: string, locale?: string): Promise<CliRun> =>
    session.cli(args, {
      ...(stdin === undefined ? {} : { stdin }),
      ...(locale === undefined ? {} : { locale }),
    })

  afterAll(async () => {
    // What the embedded sandbox generated and keeps in the keychain appears in no output.
    session.expectNoSecretShown(await session.takeLocalSandboxSecrets())
    session.remove()
  })

  it('prints help for every command, and refuses an unknown command with exit 2', async () => {
    const help = await cli(['--help'])
    expect(help.code).toBe(0)
    for (const command of ['env', 'users', 'jwt', 'import', 'set-status', 'export', 'sandbox'])
      expect(help.stdout).toContain(command)
    expect(help.stdout).toContain('Exit codes:')
    for (const command of [['users', 'create'], ['jwt', 'issue'], ['env', 'add'], ['import']]) {
      const run = await cli([...command, '--help'])
      expect(run.code, command.join(' ')).toBe(0)
      expect(run.stdout).toMatch(/^Usage: integrator-console /)
    }
    const unknown = await cli(['users', 'delete', 'x'])
    expect(unknown).toMatchObject({ code: 2, stdout: '' })
    expect(unknown.stderr).toContain("unknown command 'delete'")
  })

  it('creates a user from JSON as a spreadsheet writes it, reads it and updates it', async () => {
    const token = `cli-${randomUUID()}`
    const user = {
      token,
      status: 2,
      firstname: 'Begoña',
      nid_number: '12.345.678-z',
      mobile_phone: '+34 612 34 56 78',
    }
    const created = await cli(['users', 'create', '--json', '-'], JSON.stringify(user))
    expect(created).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(created.stdout)).toMatchObject({
      token,
      firstname: 'Begoña',
      nid_number: '12345678Z',
      mobile_phone: '+34612345678',
    })
    const got = await cli(['users', 'get', token])
    expect(JSON.parse(got.stdout)).toMatchObject({ token, status: 2 })
    const updated = await cli(
      ['users', 'update', token, '--json', '-'],
      '{"status":3,"lastname":"Muñoz"}',
    )
    expect(updated.code).toBe(0)
    expect(JSON.parse(updated.stdout)).toMatchObject({
      status: 3,
      lastname: 'Muñoz',
      firstname: 'Begoña',
    })
  })

  it('update --base sends nothing over a user changed since that read, and names both values', async () => {
    const token = `cli-${randomUUID()}`
    await cli(
      ['users', 'create', '--json', '-'],
      JSON.stringify({ token, status: 2, firstname: 'Ana', lastname: 'Ruiz' }),
    )
    const before = join(session.dataDirectory, `${token}.json`)
    writeFileSync(before, (await cli(['users', 'get', token])).stdout)
    // A colleague's change, made after that read.
    expect(
      (await cli(['users', 'update', token, '--json', '-'], '{"status":2,"lastname":"Gil"}')).code,
    ).toBe(0)

    const refused = await cli(
      ['users', 'update', token, '--base', before, '--json', '-'],
      '{"status":2,"firstname":"Eva"}',
    )
    expect(refused).toMatchObject({ code: 1, stdout: '' })
    expect(refused.stderr).toContain(
      'The user changed on the service after it was read (lastname); nothing was sent.',
    )
    expect(refused.stderr).toContain(
      'lastname: "Ruiz" when read, "Gil" on the service now, yours "Ruiz"',
    )
    expect(JSON.parse((await cli(['users', 'get', token])).stdout)).toMatchObject({
      firstname: 'Ana',
      lastname: 'Gil',
    })

    writeFileSync(before, (await cli(['users', 'get', token])).stdout)
    const written = await cli(
      ['users', 'update', token, '--base', before, '--json', '-'],
      '{"status":2,"firstname":"Eva"}',
    )
    expect(written.code).toBe(0)
    expect(JSON.parse(written.stdout)).toMatchObject({ firstname: 'Eva', lastname: 'Gil' })
  })

  it('names each bad field and sends nothing (exit 2); a refusal of the service is exit 1', async () => {
    const token = `cli-${randomUUID()}`
    const bad = await cli(
      ['users', 'create', '--json', '-'],
      JSON.stringify({ token, status: 9, birthdate: '1990-02-30' }),
    )
    expect(bad).toMatchObject({ code: 2, stdout: '' })
    expect(bad.stderr).toContain('The user is not valid; nothing was sent.')
    expect(bad.stderr).toMatch(/status: status must be one of/)
    expect(bad.stderr).toMatch(/birthdate: /)
    // The schemas' rules in the language of the command's environment (LC_ALL, then LANG).
    const spanish = await cli(
      ['users', 'create', '--json', '-'],
      JSON.stringify({ token, status: 9, nid_number: '12345678A' }),
      'es_ES.UTF-8',
    )
    expect(spanish).toMatchObject({ code: 2, stdout: '' })
    expect(spanish.stderr).toMatch(/^ {2}status: .*debe ser uno de 0 \(Free\), 2 \(Premium\)/m)
    expect(spanish.stderr).toMatch(/^ {2}nid_number: .*DNI español \(8 cifras \+ letra de control/m)
    expect(spanish.stderr).not.toContain('must be')
    // POSIX order: a set LC_ALL wins over LANG, and C means English.
    const posix = await session.cli(['users', 'create', '--json', '-'], {
      env: { ...session.env, LANG: 'es_ES.UTF-8' },
      stdin: JSON.stringify({ token, status: 9 }),
      locale: 'C.UTF-8',
    })
    expect(posix.stderr).toContain('status: status must be one of')
    expect((await cli(['users', 'get', token])).code).toBe(1)
    expect((await cli(['users', 'create', '--json', '-'], '{not json')).stderr).toContain(
      'not valid JSON',
    )

    await cli(['users', 'create', '--json', '-'], JSON.stringify({ token, status: 0 }))
    const taken = await cli(
      ['users', 'create', '--json', '-'],
      JSON.stringify({ token, status: 0 }),
    )
    expect(taken.code).toBe(1)
    expect(taken.stderr).toMatch(/^error: .*already/m)
    const missing = await cli(['users', 'get', `nobody-${randomUUID()}`])
    expect(missing).toMatchObject({ code: 1, stdout: '' })
  })

  it('issues a session JWT in each format, and decodes it from an argument or stdin', async () => {
    const token = `cli-${randomUUID()}`
    await cli(['users', 'create', '--json', '-'], JSON.stringify({ token, status: 2 }))
    const installation = randomUUID()

    const bare = await cli(['jwt', 'issue', token, '--installation', installation])
    expect(bare.code).toBe(0)
    const jwt = bare.stdout.trim()
    expect(jwt.split('.')).toHaveLength(3)
    expect(decodeJwt(jwt)).toMatchObject({ installationGuid: installation })

    const whole = JSON.parse(
      (await cli(['jwt', 'issue', token, '--format', 'json'])).stdout,
    ) as Record<string, string>
    expect(whole.userToken).toMatch(/^[0-9a-f]{64}$/)
    expect(Object.keys(whole).sort()).toEqual(
      ['expiresAt', 'installationGuid', 'jwt', 'sessionToken', 'userHash', 'userToken'].sort(),
    )
    const hashed = await cli(['jwt', 'issue', whole.userToken ?? '', '--hashed', '--format', 'env'])
    expect(hashed.stdout).toMatch(/^INTEGRATOR_JWT=[\w-]+\.[\w-]+\.[\w-]+$/m)
    expect(hashed.stdout).toContain(`INTEGRATOR_USER_TOKEN=${whole.userToken}`)
    const header = await cli(['jwt', 'issue', token, '--format', 'header'])
    expect(header.stdout).toMatch(/^Authorization: Bearer [\w-]+\.[\w-]+\.[\w-]+\n$/)

    const unknownUser = await cli(['jwt', 'issue', `nobody-${randomUUID()}`])
    expect(unknownUser.code).toBe(1)

    const fromArgument = JSON.parse((await cli(['jwt', 'decode', jwt])).stdout) as object
    const fromStdin = JSON.parse((await cli(['jwt', 'decode'], `${jwt}\n`)).stdout) as object
    expect(fromStdin).toEqual(fromArgument)
    expect(fromArgument).toMatchObject({ header: { alg: 'ES256' }, expired: false })
    expect(await cli(['jwt', 'decode', 'nope'])).toMatchObject({ code: 2 })
  })

  it("verifies the sandbox's tokens and refuses a changed, an expired and a foreign one", async () => {
    const token = `cli-${randomUUID()}`
    await cli(['users', 'create', '--json', '-'], JSON.stringify({ token, status: 2 }))
    const jwt = (await cli(['jwt', 'issue', token])).stdout.trim()
    const { kid } = decodeProtectedHeader(jwt)

    const ok = await cli(['jwt', 'verify', jwt])
    expect(ok).toMatchObject({ code: 0 })
    expect(ok.stdout).toContain(`verified with key ${kid} (ES256)`)
    expect((await cli(['jwt', 'verify', '-'], jwt)).code).toBe(0)

    const [head, payload, signature] = jwt.split('.') as [string, string, string]
    const claims = decodeJwt(jwt)
    const changed = [
      head,
      Buffer.from(JSON.stringify({ ...claims, status: 0 })).toString('base64url'),
      signature,
    ].join('.')
    const refused = await cli(['jwt', 'verify', changed])
    expect(refused).toMatchObject({ code: 6, stdout: '' })
    expect(refused.stderr).toContain('not verified: The signature does not match')
    expect(payload).not.toBe(changed.split('.')[1])

    // The sandbox's own key, read from its database, signs a token that expired a minute ago.
    const db = new Database(join(session.dataDirectory, 'sandbox', 'sandbox.db'), {
      readonly: true,
    })
    const row = db.prepare('SELECT private_jwk FROM signing_keys WHERE kid = ?').get(kid) as {
      private_jwk: string
    }
    db.close()
    const sandboxKey = await importJWK(JSON.parse(row.private_jwk) as JWK, 'ES256')
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ ...claims, iat: now - 120, exp: now - 60 })
      .setProtectedHeader({ alg: 'ES256', kid: kid ?? '', typ: 'JWT' })
      .sign(sandboxKey)
    const late = await cli(['jwt', 'verify', expired, '--format', 'json'])
    expect(late.code).toBe(6)
    expect(JSON.parse(late.stdout)).toMatchObject({ verified: false, reason: 'expired', kid })

    const { privateKey } = await (await import('jose')).generateKeyPair('ES256')
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: kid ?? '' })
      .sign(privateKey)
    expect((await cli(['jwt', 'verify', foreign])).code).toBe(6)
  })
})

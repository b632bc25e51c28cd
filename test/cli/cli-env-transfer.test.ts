import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../src-sandbox/server'
import { cliSession } from '../helpers/cli-session'
import { secretLeaks } from '../helpers/secret-leaks'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

const secret = () => randomBytes(18).toString('base64url')

describeWithTestKeyring('env export and env import: environments a team shares', () => {
  // Two people: one exports, the other imports into a console of their own.
  const alice = cliSession('cli-env-export')
  const bob = cliSession('cli-env-import')
  const secrets = {
    apiKey: secret(),
    secretKey: secret(),
    userTokenSecret: secret(),
    proxyPassword: secret(),
  }
  // The files people share live outside any console's data folder, which no face reads.
  const files = makeTempDir('cli-env-files')
  const file = join(files.path, 'team-environments.json')
  afterAll(() => {
    files.remove()
    alice.expectNoSecretShown(Object.values(secrets))
    bob.expectNoSecretShown(Object.values(secrets))
    alice.remove()
    bob.remove()
  })

  it('adds an environment with a proxy and its four secrets, and a production one', async () => {
    const staging = 'https://staging.example.com'
    const added = await alice.cli([
      'env',
      'add',
      'Staging',
      '--base-url',
      staging,
      '--proxy',
      'http://proxy.example.com:3128',
      '--proxy-user',
      'ana',
      '--timeout-ms',
      '20000',
    ])
    expect(added.code, added.stderr).toBe(0)
    for (const [name, value] of Object.entries(secrets))
      expect((await alice.cli(['env', 'set-secret', 'Staging', name], { stdin: value })).code).toBe(
        0,
      )
    await alice.addEnvironment('Production', 'https://api.example.com', {}, 'production')
  })

  it('exports every environment but the built-in one to a new file with no secret in it', async () => {
    const exported = await alice.cli(['env', 'export', file])
    expect(exported.code, exported.stderr).toBe(0)
    expect(exported.stderr).toContain('Wrote 2 environment(s) to team-environments.json')
    const text = readFileSync(file, 'utf8')
    expect(secretLeaks(text, Object.values(secrets))).toEqual([])
    const written = JSON.parse(text) as { environments: { name: string; proxy: unknown }[] }
    expect(written.environments.map((environment) => environment.name)).toEqual([
      'Staging',
      'Production',
    ])
    expect(written.environments[0]?.proxy).toEqual({
      mode: 'url',
      url: 'http://proxy.example.com:3128',
      username: 'ana',
    })
  })

  it('shows what an import adds, adds it with --apply, and says which secrets to set', async () => {
    const plan = await bob.cli(['env', 'import', file])
    expect(plan).toMatchObject({ code: 0, stdout: '  add      Staging\n  add      Production\n' })
    expect(plan.stderr).toContain('Nothing was written')
    expect((await bob.cli(['env', 'list'])).stdout).not.toContain('Staging')

    const applied = await bob.cli(['env', 'import', file, '--apply'])
    expect(applied.code, applied.stderr).toBe(0)
    for (const name of ['apiKey', 'secretKey', 'userTokenSecret', 'proxyPassword'])
      expect(applied.stderr).toContain(`integrator-console env set-secret Staging ${name}`)
    const listed = await bob.cli(['env', 'list', '--format', 'json'])
    expect(listed.stdout).toContain('https://staging.example.com')
    expect(listed.stdout).toContain('"timeoutMs": 20000')
  })

  const changed = join(files.path, 'team-environments-2.json')
  it('never replaces an environment unless told to', async () => {
    expect((await alice.cli(['env', 'edit', 'Staging', '--timeout-ms', '30000'])).code).toBe(0)
    expect((await alice.cli(['env', 'export', changed])).code).toBe(0)

    const plan = await bob.cli(['env', 'import', changed])
    expect(plan.stdout).toBe('  change   Staging: timeoutMs\n  same     Production\n')
    const kept = await bob.cli(['env', 'import', changed, '--apply'])
    expect(kept.stdout).toContain('change   Staging: timeoutMs (kept: not in --replace)')
    expect((await bob.cli(['env', 'list', '--format', 'json'])).stdout).toContain(
      '"timeoutMs": 20000',
    )
  })

  it('replaces an environment named in --replace, by any case', async () => {
    const replaced = await bob.cli(['env', 'import', changed, '--apply', '--replace', 'staging'])
    expect(replaced.code, replaced.stderr).toBe(0)
    expect((await bob.cli(['env', 'list', '--format', 'json'])).stdout).toContain(
      '"timeoutMs": 30000',
    )
  })

  it('refuses a file that carries anything but environments, naming what', async () => {
    const smuggled = join(files.path, 'smuggled.json')
    const shared = JSON.parse(readFileSync(file, 'utf8')) as { environments: object[] }
    shared.environments[0] = { ...shared.environments[0], apiKey: 'not-allowed-here' }
    writeFileSync(smuggled, JSON.stringify(shared))
    const refused = await bob.cli(['env', 'import', smuggled])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('apiKey')
  })

  // Each step is a test of its own with one or two processes, over the state the steps before
  // it left: a step's bound then holds on a busy machine.
  describe('carries the CAs an environment trusts, and the importer’s console trusts them too', () => {
    const certificate = testCertificate()
    const shared = join(files.path, 'private-ca.json')
    const untrusted = join(files.path, 'private-no-ca.json')
    let service: Awaited<ReturnType<typeof startSandbox>>
    beforeAll(async () => {
      service = await startSandbox({ port: 0, databasePath: ':memory:', tls: certificate })
    })
    afterAll(() => service.close())

    it('exports the CA itself, never its file’s path nor a key', async () => {
      const base = ['env', 'add', 'Private', '--base-url', service.baseUrl]
      const added = await alice.cli([...base, '--ca-file', certificate.certPath, '--ca-only'])
      expect(added.code, added.stderr).toBe(0)
      expect((await alice.cli(['env', 'export', shared, 'Private'])).code).toBe(0)
      const text = readFileSync(shared, 'utf8')
      expect(text).not.toContain(certificate.certPath)
      expect(text).not.toContain('PRIVATE KEY')
      const [sharedCa] = (JSON.parse(text) as { environments: { trust: unknown }[] }).environments
      expect(sharedCa?.trust).toEqual({ caCertificates: certificate.cert, caOnly: true })
    })

    it('names in the plan the CAs the import would have Bob trust, not just that there are some', async () => {
      expect((await bob.cli(['env', 'import', shared])).stdout).toMatch(
        /^ {2}add {6}Private\n {13}trusts CN=127\.0\.0\.1 \(valid until \d{4}-\d\d-\d\d\)\n$/,
      )
      const applied = await bob.cli(['env', 'import', shared, '--apply'])
      expect(applied.code, applied.stderr).toBe(0)
    })

    it('connects Bob, who never had the CA file, with the certificates the file carried alone', async () => {
      const { apiKey, secretKey } = service.credentials
      for (const [name, value] of Object.entries({ apiKey, secretKey }))
        expect((await bob.cli(['env', 'set-secret', 'Private', name], { stdin: value })).code).toBe(
          0,
        )
      const tested = await bob.cli(['env', 'test', 'Private'])
      expect(tested.code, tested.stdout + tested.stderr).toBe(0)
      expect(tested.stdout).toMatch(/^ok: Connected/)
    })

    it('finds the same file the same on a second import', async () => {
      expect((await bob.cli(['env', 'import', shared])).stdout).toBe('  same     Private\n')
    })

    it('tells that replacing a trust the team dropped removes the secrets', async () => {
      const edit = ['env', 'edit', 'Private', '--remove-ca-file', '--no-ca-only']
      const edited = await alice.cli(edit)
      expect(edited.code, edited.stderr).toBe(0)
      expect((await alice.cli(['env', 'export', untrusted, 'Private'])).code).toBe(0)
      expect((await bob.cli(['env', 'import', untrusted])).stdout).toBe(
        '  change   Private: trust (replacing it removes its secrets)\n',
      )
    })

    it('drops the keys and the CA’s file when told to replace it', async () => {
      const replace = ['env', 'import', untrusted, '--apply', '--replace', 'Private']
      const replaced = await bob.cli(replace)
      expect(replaced.code, replaced.stderr).toBe(0)
      expect(replaced.stderr).toContain('integrator-console env set-secret Private apiKey')
      expect(readdirSync(join(bob.dataDirectory, 'certificates'))).toEqual([])
    })
  })
})

import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, posix } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { relativeLinks } from '../helpers/markdown-links'
import { typeErrors } from '../helpers/type-errors'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..')
const credentials = {
  SANDBOX_API_KEY: 'package-api-key',
  SANDBOX_SECRET_KEY: 'package-secret-key',
  SANDBOX_USER_TOKEN_SECRET: 'package-user-token-secret',
}

/**
 * The command line and the sandbox as another project gets them: `npm pack`, then
 * `npm install -D` of the tarball into an empty folder outside this repository (so nothing of its
 * node_modules can be found), then `npx integrator-console`.
 */
describe('the integrator-console package, installed into an empty project', () => {
  const work = mkdtempSync(join(tmpdir(), 'ic-package-'))
  const project = join(work, 'suite')
  let sandbox: ChildProcess | undefined
  let sandboxUrl = ''
  let tarball = ''

  const npx = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    run('npx', ['--no-install', 'integrator-console', ...args], {
      cwd: project,
      env: { ...process.env, INTEGRATOR_CONSOLE_USER_DATA: join(work, 'data'), ...env, LANG: 'C' },
      encoding: 'utf8',
    })

  beforeAll(async () => {
    await run('node', ['scripts/build-cli-package.mjs'], { cwd: ROOT })
    const packed = await run(
      'npm',
      ['pack', './out/package', '--pack-destination', work, '--json'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
    tarball = join(work, (JSON.parse(packed.stdout) as { filename: string }[])[0]?.filename ?? '')
    await run('mkdir', ['-p', project])
    writeFileSync(join(project, 'package.json'), '{ "name": "suite", "private": true }\n')
    await run('npm', ['install', '-D', tarball, '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: project,
      encoding: 'utf8',
    })
  }, 180_000)

  afterAll(async () => {
    if (sandbox && sandbox.exitCode === null) {
      const ended = new Promise((done) => sandbox?.once('exit', done))
      sandbox.kill('SIGKILL')
      await ended
    }
    rmSync(work, { recursive: true, force: true })
  })

  it('holds the built command line and a README, and depends on no Electron, React or page', async () => {
    const listed = await run('tar', ['-tzf', tarball], { encoding: 'utf8' })
    const files = listed.stdout.trim().split('\n')
    expect(files).toContain('package/cli/integrator-console.mjs')
    expect(files).toContain('package/README.md')
    expect(
      files.filter(
        (file) =>
          !/^package\/(cli\/|docs\/[\w-]+\.md$|fuzzing\/schemathesis_hooks\.py$|README\.md$|package\.json$)/.test(
            file,
          ),
      ),
    ).toEqual([])
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules', 'integrator-console', 'package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> }
    expect(Object.keys(installed.dependencies).sort()).toEqual(['@napi-rs/keyring', 'libsql'])
    const tree = await run('npm', ['ls', '--all', '--parseable'], {
      cwd: project,
      encoding: 'utf8',
    })
    const names = tree.stdout.split('\n').map((path) => path.split('node_modules/').pop() ?? '')
    for (const forbidden of ['electron', 'react', 'react-dom', 'electron-vite', 'playwright-core'])
      expect(names).not.toContain(forbidden)
  })

  it('stands alone: every page its README, docs and `--help` send a reader to is in it', async () => {
    const installed = join(project, 'node_modules', 'integrator-console')
    const listed = await run('tar', ['-tzf', tarball], { encoding: 'utf8' })
    const files = new Set(
      listed.stdout
        .trim()
        .split('\n')
        .map((file) => file.slice('package/'.length)),
    )
    const pages = [...files].filter((file) => file.endsWith('.md'))
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/node-api.md']))
    const broken = pages
      .flatMap((page) => relativeLinks(page, readFileSync(join(installed, page), 'utf8')))
      .filter(({ page, target }) => {
        const path = target.split('#')[0] ?? ''
        return path !== '' && !files.has(posix.normalize(posix.join(posix.dirname(page), path)))
      })
    expect(broken).toEqual([])

    const help = await npx(['sandbox', '--help'])
    const named = [...help.stdout.matchAll(/docs\/[\w-]+\.md/g)].map(([path]) => path)
    expect(named).toContain('docs/service-api.md')
    for (const path of named) expect(files).toContain(path)

    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      files: string[]
    }
    expect(manifest.files).toContain('docs')
  })

  it("gives a validator the contract's formats, as the sandbox checks them, typed", async () => {
    // Anything with Ajv's addFormat takes them; this suite has no Ajv of its own.
    const script = `
      import { addContractFormats } from 'integrator-console/contract-formats'
      const formats = {}
      addContractFormats({ addFormat: (name, format) => (formats[name] = format.validate) })
      const said = ['12345678Z', '00973305R'].map((v) => formats['es-nid'](v))
      said.push(...['1985-02-14', '1985-02-30', '2999-01-01'].map((v) => formats.date(v)))
      console.log(JSON.stringify(said))`
    const { stdout } = await run('node', ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    })
    expect(JSON.parse(stdout)).toEqual([true, false, true, false, false])

    // A TypeScript suite gets the types: a right use compiles, a wrong one does not.
    writeFileSync(
      join(project, 'formats.mts'),
      `import { CONTRACT_FORMATS } from 'integrator-console/contract-formats'
const taken: boolean = CONTRACT_FORMATS['es-nid'].validate('12345678Z')
const wrong: string = CONTRACT_FORMATS.date.validate(7)
export { taken, wrong }
`,
    )
    expect(typeErrors(join(project, 'formats.mts'))).toEqual(['3:2322', '3:2345'])
  })

  it('gives a suite the sandbox in its own process, typed, from the package itself', async () => {
    const script = `
      import { startSandbox } from 'integrator-console'
      await using sandbox = await startSandbox({ seed: [{ token: 'seeded', status: 2 }] })
      const { apiKey, secretKey } = sandbox.credentials
      const read = await fetch(sandbox.url + '/api/v3/pendingCompanyUsers/seeded', {
        headers: { apiKey, secretKey },
      })
      console.log(read.status)`
    const { stdout } = await run('node', ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    })
    expect(stdout.trim()).toBe('200')

    writeFileSync(
      join(project, 'api.mts'),
      `import { startSandbox, type NewUser } from 'integrator-console'
const user: NewUser = { token: 'ana', status: 2 }
const sandbox = await startSandbox({ seed: [user] })
const wrong: NewUser = { token: 'ana', status: 1 }
const url: number = sandbox.url
export { wrong, url }
`,
    )
    expect(typeErrors(join(project, 'api.mts'))).toEqual(['4:2322', '5:2322'])
  })

  it('starts the sandbox, creates a user, issues and verifies a JWT, and resets', async () => {
    // What `npx integrator-console sandbox` runs, started without npx so that a stop reaches it.
    const started = spawn(
      join(project, 'node_modules', '.bin', 'integrator-console'),
      ['sandbox'],
      {
        cwd: project,
        env: { ...process.env, ...credentials, SANDBOX_PORT: '0', SANDBOX_DB: ':memory:' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    sandbox = started
    let said = ''
    sandboxUrl = await new Promise<string>((ready, fail) => {
      started.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString()
        const address = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(said)?.[1]
        if (address) ready(address)
      })
      started.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()))
      started.once('exit', (code) => fail(new Error(`the sandbox exited (${code}):\n${said}`)))
    })

    const fromEnv = {
      INTEGRATOR_API_KEY: credentials.SANDBOX_API_KEY,
      INTEGRATOR_SECRET_KEY: credentials.SANDBOX_SECRET_KEY,
      INTEGRATOR_USER_TOKEN_SECRET: credentials.SANDBOX_USER_TOKEN_SECRET,
    }
    const onSandbox = ['--env', 'Package sandbox', '--credentials-from-env']
    await npx(['env', 'add', 'Package sandbox', '--base-url', sandboxUrl])
    const user = join(work, 'ana.json')
    writeFileSync(user, JSON.stringify({ token: 'ana@example.com', status: 2, firstname: 'Ana' }))
    await npx(['users', 'create', '--json', user, ...onSandbox], fromEnv)
    const found = await npx(['users', 'get', 'ana@example.com', ...onSandbox], fromEnv)
    expect(found.stdout).toContain('Ana')

    const jwt = (
      await npx(['jwt', 'issue', 'ana@example.com', ...onSandbox], fromEnv)
    ).stdout.trim()
    expect(jwt.split('.')).toHaveLength(3)
    const verified = await npx(['jwt', 'verify', jwt, ...onSandbox], fromEnv)
    expect(verified.stdout).toContain('verified with key')

    const headers = {
      apiKey: credentials.SANDBOX_API_KEY,
      secretKey: credentials.SANDBOX_SECRET_KEY,
    }
    const reset = await fetch(`${sandboxUrl}/_sandbox/reset`, { method: 'POST', headers })
    expect(await reset.json()).toEqual({ users: 0 })
    const gone = await fetch(`${sandboxUrl}/api/v3/pendingCompanyUsers/ana@example.com`, {
      headers,
    })
    expect(gone.status).toBe(404)

    const ended = new Promise<number | null>((done) => started.once('exit', done))
    started.kill('SIGTERM')
    expect(await ended).toBe(0)
    expect(said).toContain('SIGTERM: stopping the sandbox')
    expect(said).not.toContain('error')
  })
})

import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CLI_PATH, runBuiltCli } from '../helpers/cli-process'
import { makeTempDir } from '../helpers/temp-dir'

// Every module the command resolves, JavaScript and native alike, said on stderr as it exits, and
// whether Node's own TLS module was loaded by any route (an import, a require, getBuiltinModule).
const RECORDER = `
import { registerHooks } from 'node:module'
const loaded = new Set()
registerHooks({
  resolve(specifier, context, next) {
    const found = next(specifier, context)
    loaded.add(found.url)
    return found
  },
})
process.on('exit', () => {
  const tls = process.moduleLoadList.includes('NativeModule tls')
  process.stderr.write('\\nLOADED ' + JSON.stringify({ urls: [...loaded], tls }) + '\\n')
})
`

const temp = makeTempDir('cli-loads')
afterAll(temp.remove)
let recorder = ''

beforeAll(() => {
  recorder = join(temp.path, 'record-loads.mjs')
  writeFileSync(recorder, RECORDER)
})

interface Loaded {
  urls: string[]
  tls: boolean
}

async function loadedBy(args: string[]): Promise<string[]> {
  return (await recordOf(args)).urls
}

async function recordOf(args: string[]): Promise<Loaded> {
  const run = await runBuiltCli(args, {
    env: {
      PATH: process.env.PATH,
      HOME: temp.path,
      INTEGRATOR_CONSOLE_USER_DATA: join(temp.path, 'data'),
      NODE_OPTIONS: `--import=${pathToFileURL(recorder).href}`,
    },
  })
  const line = run.stderr.split('\n').find((text) => text.startsWith('LOADED '))
  if (line === undefined) throw new Error(`no record of what loaded: ${run.stderr}`)
  const record = JSON.parse(line.slice('LOADED '.length)) as Loaded
  return { ...record, urls: record.urls.filter((url) => !url.startsWith('node:')) }
}

const core = (urls: string[]) => urls.filter((url) => /\/create-core-[^/]*\.mjs$/.test(url))
const natives = (urls: string[]) => urls.filter((url) => /\.node$|\/(libsql|@napi-rs)\//.test(url))
const UNSIGNED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln'

it('a command that needs the core loads it, the keychain addon and the sandbox with it', async () => {
  const urls = await loadedBy(['env', 'list'])
  expect(core(urls)).toHaveLength(1)
  expect(natives(urls).length).toBeGreaterThan(0)
})

/** The built files that hold jose's verifier (esbuild keeps function names). */
function verifierIn(urls: string[]): string[] {
  return urls.filter((url) =>
    readFileSync(fileURLToPath(url), 'utf8').includes('function jwtVerify('),
  )
}

it("jwt decode loads jose's decoding, not its verifier, which a chunk of the build holds", async () => {
  const chunks = readdirSync(join(dirname(CLI_PATH), 'chunks')).map(
    (name) => pathToFileURL(join(dirname(CLI_PATH), 'chunks', name)).href,
  )
  expect(verifierIn(chunks)).toHaveLength(1)
  expect(verifierIn(await loadedBy(['jwt', 'decode', UNSIGNED]))).toEqual([])
})

it('--help and jwt decode load neither the core nor a native module', async () => {
  for (const args of [['--help'], ['jwt', 'decode', UNSIGNED]]) {
    const urls = await loadedBy(args)
    expect({ args, core: core(urls), natives: natives(urls) }).toEqual({
      args,
      core: [],
      natives: [],
    })
  }
})

it('--version is answered before the program (commander, the commands) or the core loads', async () => {
  const urls = await loadedBy(['--version'])
  // esbuild heads each bundled module with its path.
  const program = urls.filter((url) =>
    readFileSync(fileURLToPath(url), 'utf8').includes('// node_modules/commander/'),
  )
  expect({ program, core: core(urls) }).toEqual({ program: [], core: [] })
})

/** The bundled packages (and zod's locales) the built files hold: esbuild heads each module with its path. */
function packagesIn(urls: string[]): string[] {
  const names = urls.flatMap((url) =>
    [
      ...readFileSync(fileURLToPath(url), 'utf8').matchAll(
        /^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:v4\/(locales)\/(?!en\.js))?/gm,
      ),
    ].map(([, name = '', locales]) => (locales ? `${name}/locales` : name)),
  )
  return [...new Set(names)]
}

it("jwt issue loads the core without bulk's CSV, the file locks, zod's other languages or TLS", async () => {
  // No such environment: the core is started and asked for it, as jwt issue does first.
  const { urls, tls } = await recordOf([
    'jwt',
    'issue',
    'someone',
    '--env',
    'Nope',
    '--credentials-from-env',
  ])
  expect(core(urls)).toHaveLength(1)
  const loaded = packagesIn(urls)
  expect(loaded).toContain('zod')
  const unused = ['csv-parse', 'csv-stringify', 'proper-lockfile', 'graceful-fs', 'zod/locales']
  // node:tls costs more to load than the call itself: an http:// call must not pay for it.
  expect({ packages: loaded.filter((name) => unused.includes(name)), tls }).toEqual({
    packages: [],
    tls: false,
  })
})

it("a command loads its own group's module, not the other commands'", async () => {
  const groups = (urls: string[]) =>
    urls.flatMap((url) => /\/([a-z]+(?:-[a-z]+)*-commands?)-[^/]*\.mjs$/.exec(url)?.[1] ?? [])
  expect(groups(await loadedBy(['jwt', 'decode', UNSIGNED]))).toEqual(['jwt-commands'])
})

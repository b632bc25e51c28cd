// `npm run package:cli`: the command line and the sandbox as an npm package other projects add as
// a dev dependency, in out/package (then `npm pack out/package`). Same built code as out/cli
// (built first if its sources changed); its dependencies are only the native modules the bundle
// leaves outside, at the versions this repository's lockfile pins. docs/installers.md says how
// it is released.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import ts from 'typescript'
import { buildParts } from './build.mjs'
import { isBuilt, recordedStamps, sourcesHash, staleParts } from './build-parts.mjs'

const ROOT = join(import.meta.dirname, '..')
const TARGET = join(ROOT, 'out', 'package')
const NATIVE = ['libsql', '@napi-rs/keyring']
// What the package's README and `sandbox --help` point to, and the user's pages those link (a
// link from these on to the repository's developer pages keeps its words, not its target).
const DOCS = [
  'docs/node-api.md',
  'docs/playwright-example.md',
  'docs/command-line.md',
  'docs/service-api.md',
  'docs/bulk.md',
  'docs/company-networks.md',
  'docs/find-a-user.md',
  'docs/installers.md',
  'docs/languages.md',
  'docs/user-guide.md',
]

const app = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
const pinned = (name) => {
  const version = lock.packages[`node_modules/${name}`]?.version
  if (!version) throw new Error(`${name} is not in package-lock.json: run npm ci first`)
  return version
}

const stale = staleParts(['node'], recordedStamps(), { node: sourcesHash('node') }, isBuilt)
if (stale.length > 0) await buildParts(stale)

rmSync(TARGET, { recursive: true, force: true })
cpSync(join(ROOT, 'out', 'cli'), join(TARGET, 'cli'), { recursive: true })
shipDocs()
mkdirSync(join(TARGET, 'fuzzing'))
cpSync(
  join(ROOT, 'src-sandbox', 'openapi', 'schemathesis_hooks.py'),
  join(TARGET, 'fuzzing', 'schemathesis_hooks.py'),
)
/**
 * The README and the docs it and `--help` send a reader to, in the package at their repository
 * paths, so that it stands alone: a link to a shipped file stays, one to a file that is not in
 * the package keeps its words and loses its target (the repository's address, once
 * package.json names one, takes its place).
 */
function shipDocs() {
  const shipped = new Set(DOCS)
  const repository = repositoryUrl()
  const ship = (source, target) => {
    const text = readFileSync(join(ROOT, source), 'utf8').replace(
      /\[([^\]]+)\]\(([^)\s]+)\)/g,
      (link, words, to) => {
        if (/^([a-z]+:|#)/.test(to)) return link
        const [path, anchor] = to.split('#')
        const linked = posix.normalize(posix.join(posix.dirname(target), path))
        if (shipped.has(linked)) return link
        if (repository === undefined) return words
        return `[${words}](${repository}/blob/HEAD/${linked}${anchor ? `#${anchor}` : ''})`
      },
    )
    mkdirSync(dirname(join(TARGET, target)), { recursive: true })
    writeFileSync(join(TARGET, target), text)
  }
  ship('scripts/packaging/cli-package-readme.md', 'README.md')
  for (const doc of DOCS) ship(doc, doc)
}

/** The repository's web address, from this repository's package.json when it names one. */
function repositoryUrl() {
  const url = typeof app.repository === 'string' ? app.repository : app.repository?.url
  return url?.replace(/^git\+/, '').replace(/\.git$/, '')
}

// Each export's types, from its sources alone (they are written to allow that): a TypeScript suite
// importing them gets them checked, not `any`. A relative import names its .mjs, as Node's module
// resolution wants in a .d.mts.
function declare(source, target) {
  const declared = ts.transpileDeclaration(readFileSync(join(ROOT, source), 'utf8'), {
    compilerOptions: { strict: true },
    reportDiagnostics: true,
  })
  if (declared.diagnostics?.length)
    throw new Error(
      `${source} cannot be declared on its own: ${declared.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')).join('; ')}`,
    )
  // Made file by file: a type from outside the exported folder would not be in the package.
  const outside = /from '\.\.\//.exec(declared.outputText)
  if (outside) throw new Error(`${source}'s declarations import from outside its folder`)
  mkdirSync(dirname(join(TARGET, target)), { recursive: true })
  const text = declared.outputText.replace(/(from '\.\/[\w-]+)'/g, "$1.mjs'")
  writeFileSync(join(TARGET, target), text)
}
declare('src-sandbox/openapi/contract-formats.ts', 'cli/contract-formats.d.mts')
for (const module of [
  'index',
  'sandbox',
  'client',
  'client-errors',
  'types',
  'playwright',
  'worker-options',
  'global-setup',
])
  declare(`src-main/api/${module}.ts`, `cli/api/${module}.d.mts`)
const manifest = {
  name: 'integrator-console',
  version: app.version,
  description:
    'Command line and local sandbox of Integrator Console: create and look up pending company users, issue and verify session JWTs, and run the service on loopback for your tests',
  type: 'module',
  bin: { 'integrator-console': 'cli/integrator-console.mjs' },
  // The service contract's formats (es-nid, date) for Ajv: docs/service-api.md.
  exports: {
    // The Node API: docs/node-api.md.
    '.': { types: './cli/api/index.d.mts', default: './cli/api.mjs' },
    './playwright': { types: './cli/api/playwright.d.mts', default: './cli/playwright.mjs' },
    // playwright.config's `globalSetup: 'integrator-console/global-setup'`: docs/node-api.md.
    './global-setup': {
      types: './cli/api/global-setup.d.mts',
      default: './cli/global-setup.mjs',
    },
    './contract-formats': {
      types: './cli/contract-formats.d.mts',
      default: './cli/contract-formats.mjs',
    },
    './package.json': './package.json',
  },
  // This repository's, once its package.json names them (it names none yet): the docs the
  // package needs are in it either way.
  ...Object.fromEntries(
    ['repository', 'homepage', 'bugs', 'license']
      .filter((field) => app[field] !== undefined)
      .map((field) => [field, app[field]]),
  ),
  files: ['cli', 'docs', 'fuzzing', 'README.md'],
  engines: app.engines,
  dependencies: Object.fromEntries(NATIVE.map((name) => [name, pinned(name)])),
  // Only the fixture needs it, and it must be the suite's own: Playwright refuses two copies.
  peerDependencies: {
    '@playwright/test': `>=${pinned('@playwright/test').split('.').slice(0, 2).join('.')}`,
  },
  peerDependenciesMeta: { '@playwright/test': { optional: true } },
  keywords: ['sandbox', 'jwt', 'cli', 'testing', 'playwright'],
}
writeFileSync(join(TARGET, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)

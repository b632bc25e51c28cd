import boundaries from 'eslint-plugin-boundaries'
import { resolve } from 'node:path'
import { isBuiltin } from 'node:module'
import { filesLoadingOnly } from './runtime-imports.js'

const ROOT = resolve(import.meta.dirname, '..')

/**
 * What a runtime can load besides the project's own folders. Node's built-ins are told from
 * packages by Node's own list (node:fs and fs, util, zlib alike); a package list is either the
 * only ones allowed or the ones refused.
 */
const RUNTIMES = {
  node: {
    said: 'runs under plain Node',
    builtins: true,
    refuse: ['electron', 'react', 'react-dom'],
  },
  'electron-main': {
    said: "runs in Electron's main process",
    builtins: true,
    refuse: ['react', 'react-dom'],
  },
  // A sandboxed preload can require nothing but 'electron': everything else is bundled in.
  preload: { said: 'is the sandboxed preload', builtins: false, only: ['electron'] },
  browser: { said: 'runs in the page', builtins: false, refuse: ['electron'] },
  // Loaded by every other folder, so in every runtime: pure libraries only.
  anywhere: { said: 'runs everywhere', builtins: false, only: ['zod', '@lingui/core'] },
}

/**
 * Parts of a folder that another folder may import alone, found by following each file's runtime
 * imports: a file moves in or out of its part as its imports change, never by a list kept here.
 */
const PARTS = {
  'shared:ipc-names': {
    said: 'the modules of src-shared/ipc that load no package (no zod)',
    files: filesLoadingOnly(ROOT, 'src-shared/ipc', { recursive: true, mayLoad: () => false }),
  },
  'glue:plain-node': {
    said: "the files at src-main's root that load only Node's built-ins",
    files: filesLoadingOnly(ROOT, 'src-main', { recursive: false, mayLoad: isBuiltin }),
  },
}

/**
 * One row per process folder: where its code runs and what else it may import (its own folder
 * always); `type:part` names a part of a folder. Whatever a row and its runtime do not allow is
 * refused. Rows match in order, a folder before the folder that holds it: a new folder inside
 * src-main is held to the glue's row until it has its own.
 */
const FOLDERS = [
  {
    type: 'cli',
    pattern: 'src-main/cli',
    runs: 'node',
    imports: ['core', 'shared', 'sandbox', 'glue:plain-node'],
  },
  // The core serves every face (window, browser shell, command line), so it imports none of them.
  { type: 'core', pattern: 'src-main/core', runs: 'node', imports: ['shared', 'sandbox'] },
  {
    type: 'browser-shell',
    pattern: 'src-main/browser-shell',
    runs: 'node',
    imports: ['core', 'shared'],
  },
  {
    type: 'launcher',
    pattern: 'src-main/launcher',
    runs: 'node',
    imports: ['browser-shell', 'shared', 'glue:plain-node'],
  },
  // The Node API, for other programs' test suites: plain Node, like the command line.
  {
    type: 'node-api',
    pattern: 'src-main/api',
    runs: 'node',
    imports: ['core', 'shared', 'sandbox'],
  },
  // The preload carries the channel names only: validation lives in main (DESIGN.md §12).
  { type: 'preload', pattern: 'src-main/preload', runs: 'preload', imports: ['shared:ipc-names'] },
  // The Electron glue: the files at src-main's root.
  { type: 'glue', pattern: 'src-main', runs: 'electron-main', imports: ['core', 'shared'] },
  { type: 'shared', pattern: 'src-shared', runs: 'anywhere', imports: [] },
  // The core embeds the sandbox; the sandbox never reaches back.
  { type: 'sandbox', pattern: 'src-sandbox', runs: 'node', imports: ['shared'] },
  { type: 'renderer', pattern: 'src-renderer', runs: 'browser', imports: ['shared'] },
]

/** What an `imports` entry selects: a whole folder, or one part of it. */
function target(entry) {
  const [type] = entry.split(':')
  return entry in PARTS ? { element: { type }, file: { categories: entry } } : { element: { type } }
}

const nameOf = (entry) => PARTS[entry]?.said ?? FOLDERS.find(({ type }) => type === entry)?.pattern

function policiesOf({ type, pattern, runs, imports }) {
  const runtime = RUNTIMES[runs]
  const from = { element: { type } }
  const may = [
    pattern,
    ...imports.map(nameOf),
    ...(runtime.builtins ? ["Node's built-ins"] : []),
    runtime.only
      ? `no package but ${runtime.only.join(', ')}`
      : `any package but ${runtime.refuse.join(', ')}`,
  ]
  const message = `${pattern} ${runtime.said}: it may import ${may.join('; ')}. Not '{{dependency.source}}'`
  return [
    // Later policies that match overrule earlier ones: refuse all, then allow, then refuse.
    { from, disallow: { to: { module: { origin: '*' } } }, message },
    { from, allow: { to: [type, ...imports].map(target) } },
    ...(runtime.builtins ? [{ from, allow: { to: { module: { origin: 'core' } } } }] : []),
    {
      from,
      allow: { to: { module: runtime.only ? { source: runtime.only } : { origin: 'external' } } },
    },
    ...(runtime.refuse
      ? [{ from, disallow: { to: { module: { source: runtime.refuse } } }, message }]
      : []),
    // Types are erased from the build: the preload may name any shared type.
    ...(runs === 'preload'
      ? [{ from, allow: { to: { element: { type: 'shared' } }, dependency: { kind: 'type' } } }]
      : []),
  ]
}

export const processBoundaries = [
  {
    files: ['src-*/**'],
    // Tests may cross any line: a renderer test imports its fakes, a core test the sandbox.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': ROOT,
      'boundaries/elements': FOLDERS.map(({ type, pattern }) => ({
        type,
        pattern,
        partialMatch: false,
      })),
      'boundaries/files': Object.entries(PARTS).map(([category, { files }]) => ({
        category,
        pattern: files,
      })),
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkAllOrigins: true, policies: FOLDERS.flatMap(policiesOf) },
      ],
    },
  },
]

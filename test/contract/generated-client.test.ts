import { copyFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'

/**
 * Another team's client, generated from the document the sandbox serves and written against it
 * (openapi-typescript for the types, openapi-fetch for the calls), compiles strictly and works
 * as the published contract stands: nothing in it is configured for the sandbox but credentials.
 */

const PROJECT_ROOT = join(import.meta.dirname, '../..')
const FIXTURE = join(import.meta.dirname, 'generated-client/client.ts.txt')

// Update's body is closed (additionalProperties: false). A document that typed refused fields as
// `unknown` (`not: {}`) let this compile, and the service refuses it at run time.
const REFUSED_SOURCE = `import createClient from 'openapi-fetch'
import type { paths } from './schema.js'

const client = createClient<paths>()
const params = { path: { token: 'ana-1' } }
await client.PUT('/api/v3/pendingCompanyUsers/{token}', { params, body: { status: 0, mobile_phone: '600000000' } })
await client.PUT('/api/v3/pendingCompanyUsers/{token}', { params, body: { status: 0, token: 'ana-2' } })
`

interface Answer {
  response: Response
  data?: Record<string, unknown>
  error?: unknown
}
interface ClientModule {
  registerAndSignIn(
    baseUrl: string,
    credentials: TestSandbox['credentials'],
  ): Promise<Record<'created' | 'retrieved' | 'updated' | 'session', Answer>>
}

let sandbox: TestSandbox
let folder: ReturnType<typeof makeTempDir>
let serverUrl: string
let diagnostics: readonly ts.Diagnostic[]

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const response = await fetch(`${sandbox.baseUrl}/openapi.json`)
  expect(response.status).toBe(200)
  const document = (await response.json()) as { servers?: { url: string }[] }
  serverUrl = document.servers?.[0]?.url ?? 'the document names no server'

  // The client's package, as the other team would lay it out: an ES module package whose
  // node_modules (a link to this project's) holds openapi-fetch and @types/node. Outside the
  // project tree, so neither the project's typecheck nor its lint ever sees these files.
  folder = makeTempDir('generated-client')
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(folder.path, 'node_modules'), 'dir')
  writeFileSync(join(folder.path, 'package.json'), JSON.stringify({ type: 'module' }))
  writeFileSync(
    join(folder.path, 'schema.ts'),
    astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])),
  )
  copyFileSync(FIXTURE, join(folder.path, 'client.ts'))
  writeFileSync(join(folder.path, 'refused.ts'), REFUSED_SOURCE)

  // Compiled as a strict Node project would compile it, without the DOM's lib: fetch's types come
  // from @types/node. One program for both sources, as two would take twice the time; each
  // diagnostic says its file.
  const program = ts.createProgram(
    ['client.ts', 'refused.ts'].map((name) => join(folder.path, name)),
    {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      typeRoots: [join(folder.path, 'node_modules/@types')],
      // Libraries' own declarations are theirs to check; schema.ts and the sources are checked.
      skipLibCheck: true,
    },
  )
  diagnostics = ts.getPreEmitDiagnostics(program)
})

afterAll(async () => {
  await sandbox.stop()
  // Removes the node_modules link, never what it points to.
  folder.remove()
})

/** Where, which code and what: enough to read a failure without the files, which are gone. */
function described(diagnostic: ts.Diagnostic): string {
  const { file, start } = diagnostic
  const where =
    file && start !== undefined
      ? `${relative(folder.path, file.fileName)}:${file.getLineAndCharacterOfPosition(start).line + 1}`
      : 'program'
  return `${where} TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
}

const inRefused = (diagnostic: ts.Diagnostic) =>
  diagnostic.file?.fileName === join(folder.path, 'refused.ts')

describe('a client generated from the served document, as another team writes it', () => {
  it('compiles strictly: the generated types and the client, without a diagnostic', () => {
    expect(diagnostics.filter((diagnostic) => !inRefused(diagnostic)).map(described)).toEqual([])
  })

  it("does not compile when Update's body carries a field the service refuses", () => {
    expect(diagnostics.filter(inRefused).map(described)).toEqual([
      expect.stringMatching(/^refused\.ts:6 TS2353 .*'mobile_phone' does not exist/),
      expect.stringMatching(/^refused\.ts:7 TS2353 .*'token' does not exist/),
    ])
  })

  it("creates, retrieves, updates and authenticates a user at the document's server", async () => {
    // Loaded as the other team's build would run it: vitest strips the types as it imports, and
    // openapi-fetch is found through the folder's node_modules link.
    const client = (await import(
      pathToFileURL(join(folder.path, 'client.ts')).href
    )) as ClientModule
    const { created, retrieved, updated, session } = await client.registerAndSignIn(
      serverUrl,
      sandbox.credentials,
    )
    // The status first, with the problem the sandbox answered if it is not the expected one.
    expect(created.response.status, JSON.stringify(created.error)).toBe(201)
    expect(retrieved.response.status, JSON.stringify(retrieved.error)).toBe(200)
    expect(retrieved.data).toMatchObject({
      token: 'ana-1',
      status: 0,
      email: 'ana@example.com',
      nid_number: '12345678Z',
      birthdate: '1990-05-17',
    })
    expect(updated.response.status, JSON.stringify(updated.error)).toBe(200)
    // Applied, and kept: a later Retrieve (not the client's) sees it, the fields left out unchanged.
    expect((await sandbox.call('GET', '/api/v3/pendingCompanyUsers/ana-1')).body).toMatchObject({
      status: 2,
      firstname: 'Ana',
      email: 'ana@example.com',
    })
    expect(session.response.status, JSON.stringify(session.error)).toBe(200)
    expect(session.data).toMatchObject({
      jwt: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      userHash: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      ),
    })
  })
})

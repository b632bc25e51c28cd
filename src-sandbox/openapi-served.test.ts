import { compileErrors, validate } from '@readme/openapi-parser'
import * as z from 'zod'
import { createUserRequestSchema } from '../src-shared/service'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'
import { join } from 'node:path'
import { makeTempDir } from '../test/helpers/temp-dir'
import { openDatabase } from './database'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

type Document = {
  openapi: string
  paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> }
}

async function served(): Promise<Document> {
  const response = await fetch(`${sandbox.baseUrl}/openapi.json`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as Document
}

describe('/openapi.json', () => {
  it('is served without credentials and is a valid OpenAPI 3.1 document', async () => {
    const document = await served()
    expect(document.openapi).toBe('3.1.0')
    const text = await (await fetch(`${sandbox.baseUrl}/openapi.json`)).text()
    const result = await validate(JSON.parse(text) as Parameters<typeof validate>[0])
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid')
  })

  it('holds the four calls, the JWKS and the sandbox paths, each tagged by whose it is', async () => {
    const { paths } = await served()
    const tagged = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method !== 'parameters')
        .map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation.tags?.join()}`),
    )
    expect(tagged.sort()).toEqual([
      'GET /.well-known/jwks.json Service',
      'GET /2/authenticate Service',
      'GET /_sandbox/export Sandbox',
      'GET /api/v3/pendingCompanyUsers/{token} Service',
      'GET /openapi.json Sandbox',
      'POST /_sandbox/reset Sandbox',
      'POST /api/v3/pendingCompanyUsers Service',
      'PUT /api/v3/pendingCompanyUsers/{token} Service',
    ])
  })

  it("states the schemas' rules: patterns, lengths, choices, and null only on Update", async () => {
    const { schemas } = (await served()).components
    const create = schemas.CreateUserRequest?.properties ?? {}
    const update = schemas.UpdateUserRequest?.properties ?? {}
    expect(create.token).toMatchObject({ minLength: 1, maxLength: 128 })
    expect(JSON.stringify(create.token)).toContain('^(?!\\\\.\\\\.?$)')
    expect(JSON.stringify(create.firstname)).toContain('\\\\u007f-\\\\u009f')
    expect(create.status).toMatchObject({ enum: [0, 2, 3] })
    expect(create.email).toMatchObject({ maxLength: 254, format: 'email' })
    expect(JSON.stringify(create.email)).not.toContain('null')
    expect(JSON.stringify(update.email)).toContain('"type":"null"')
  })

  it('names the sandbox that served it by its full URL, so a generated client calls it as is', async () => {
    const { servers } = (await served()) as Document & { servers: { url: string }[] }
    expect(servers.map((server) => server.url)).toEqual([sandbox.baseUrl])
  })

  it('closes Update to the fields it takes: a refused field is not a property of any type', async () => {
    const update = (await served()).components.schemas.UpdateUserRequest as {
      properties: Record<string, unknown>
      additionalProperties: unknown
    }
    expect(update.additionalProperties).toBe(false)
    for (const refused of ['token', 'mobile_phone', 'coverage_name', 'contract_number'])
      expect(update.properties).not.toHaveProperty(refused)
    expect(update.properties).toHaveProperty('email')
  })

  it('declares the headers a refusal carries, and the session’s userHash as a UUID', async () => {
    const document = await served()
    const responses = document.paths['/api/v3/pendingCompanyUsers']?.post?.responses as Record<
      string,
      { description: string; headers?: Record<string, { required?: boolean }> }
    >
    expect(responses['401']?.headers?.['WWW-Authenticate']).toMatchObject({ required: true })
    expect(responses['429']?.headers?.['Retry-After']).toMatchObject({ required: true })
    for (const [status, response] of Object.entries(responses))
      expect({ status, description: response.description }).not.toEqual({ status, description: '' })
    const session = document.components.schemas.Session?.properties ?? {}
    expect(session.userHash).toMatchObject({ format: 'uuid' })
  })
})

describe('/_sandbox/export', () => {
  it('exports a user an older version let in as it is stored', async () => {
    const dir = makeTempDir('export-older')
    try {
      const databasePath = join(dir.path, 'older.db')
      await (await startTestSandbox({ databasePath })).stop()
      // A user with a C1 control in a name, which the rules of today refuse.
      const db = openDatabase(databasePath)
      db.prepare(
        `INSERT INTO users (token, user_hash, status, firstname, created_at, updated_at)
         VALUES ('old-rules', 'h', 2, 'Ana\u0085', '2026-01-01', '2026-01-01')`,
      ).run()
      db.close()
      const again = await startTestSandbox({ databasePath })
      try {
        const exported = await again.call('GET', '/_sandbox/export')
        expect(exported.status).toBe(200)
        expect((exported.body as { users: unknown[] }).users).toContainEqual(
          expect.objectContaining({ token: 'old-rules', firstname: 'Ana\u0085' }),
        )
      } finally {
        await again.stop()
      }
    } finally {
      dir.remove()
    }
  })

  it("gives the sandbox's users as a seed another sandbox starts from", async () => {
    const user = {
      token: 'exported',
      status: 2,
      email: 'ana@example.com',
      mobile_phone: '600111222',
      coverage_name: 'Gold',
    }
    expect((await sandbox.call('POST', '/api/v3/pendingCompanyUsers', { json: user })).status).toBe(
      201,
    )
    expect((await fetch(`${sandbox.baseUrl}/_sandbox/export`)).status).toBe(401)
    const exported = await sandbox.call('GET', '/_sandbox/export')
    expect(exported.status).toBe(200)
    const seed = (exported.body as { users: Record<string, unknown>[] }).users
    expect(seed).toContainEqual({ ...user, has_video_call: 0, has_video_call_1to1: 0 })

    const other = await startTestSandbox({ seed: z.array(createUserRequestSchema).parse(seed) })
    try {
      const again = await other.call('GET', '/api/v3/pendingCompanyUsers/exported')
      const first = await sandbox.call('GET', '/api/v3/pendingCompanyUsers/exported')
      expect(again.body).toEqual(first.body)
    } finally {
      await other.stop()
    }
  })
})

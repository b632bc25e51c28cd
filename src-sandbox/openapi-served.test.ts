import { compileErrors, validate } from '@readme/openapi-parser'
import * as z from 'zod'
import { createUserRequestSchema } from '../src-shared/service'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'

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
})

describe('/_sandbox/export', () => {
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

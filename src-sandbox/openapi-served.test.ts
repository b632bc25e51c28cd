import { compileErrors, validate } from '@readme/openapi-parser'
import * as z from 'zod'
import { createUserRequestSchema } from '../src-shared/service'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'
import { join } from 'node:path'
import { makeTempDir } from '../test/helpers/temp-dir'
import { openDatabase } from './database'
import {
  CREATE_EXAMPLES,
  AUTHENTICATE_QUERY_EXAMPLES,
  AUTHENTICATE_REFUSED,
  CREATE_REFUSED,
  EXAMPLE_USER_TOKEN_SECRET,
  SESSION_EXAMPLES,
  UPDATE_REFUSED,
  RECORD_EXAMPLES,
  TOKEN_EXAMPLES,
  UPDATED_EXAMPLES,
  UPDATE_EXAMPLES,
} from './openapi/openapi-examples'
import { sandboxDocument } from './openapi/sandbox-document'
import { serviceDocument } from './openapi/service-document'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

type Document = {
  openapi: string
  servers: { url: string }[]
  paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>
  components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> }
}

async function served(path = '/openapi.json'): Promise<Document> {
  const response = await fetch(`${sandbox.baseUrl}${path}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return (await response.json()) as Document
}

describe.each([
  ["the service's contract", '/openapi.json', serviceDocument()],
  ["the sandbox's own document", '/_sandbox/openapi.json', sandboxDocument()],
])('%s', (_, path, document) => {
  it('is served without credentials and is a valid OpenAPI 3.1 document', async () => {
    const text = await (await fetch(`${sandbox.baseUrl}${path}`)).text()
    const result = await validate(JSON.parse(text) as Parameters<typeof validate>[0])
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid')
  })

  it('names the sandbox that served it by its full URL, so a generated client calls it as is', async () => {
    const { servers, ...rest } = await served(path)
    expect(servers.map((server) => server.url)).toEqual([sandbox.baseUrl])
    const { servers: saved, ...same } = document
    expect(saved).toHaveLength(1)
    expect(rest).toEqual(same)
  })
})

describe("the service's contract", () => {
  it("states the schemas' rules: patterns, lengths, choices, formats, and null only on Update", async () => {
    const { schemas } = (await served()).components
    const create = schemas.CreateUserRequest?.properties ?? {}
    const update = schemas.UpdateUserRequest?.properties ?? {}
    expect(create.token).toMatchObject({ minLength: 1, maxLength: 128 })
    expect(JSON.stringify(create.firstname)).toContain('\\\\x7f-\\\\x9f')
    expect(create.status).toMatchObject({ enum: [0, 2, 3] })
    expect(create.nid_number).toMatchObject({ format: 'es-nid' })
    expect(create.birthdate).toMatchObject({ format: 'date' })
    expect(JSON.stringify(create.email)).not.toContain('null')
    expect(JSON.stringify(update.email)).toContain('"type":"null"')
  })

  it('states one email rule, the one the sandbox applies: a pattern, no format', async () => {
    const email = (await served()).components.schemas.CreateUserRequest?.properties?.email ?? {}
    expect(email).toMatchObject({ maxLength: 254, pattern: expect.any(String) })
    expect(email).not.toHaveProperty('format')
    const pattern = new RegExp(email.pattern as string, 'u')
    for (const [address, status] of [
      ['a..b@example.com', 201],
      ['user@localhost', 201],
      ['ana@xn--espaa-rta.example', 201],
      ['ana@-example.com', 422],
      ['ana garcía@example.com', 422],
    ] as const) {
      const token = `email-${address}`
      const answer = await sandbox.call('POST', '/api/v3/pendingCompanyUsers', {
        json: { token, status: 2, email: address },
      })
      expect({ address, status: answer.status }).toEqual({ address, status })
      expect({ address, takes: pattern.test(address) }).toEqual({ address, takes: status === 201 })
    }
  })

  it('answers each example of Create and Update with the record the document gives', async () => {
    const user = CREATE_EXAMPLES['every field']
    const created = await sandbox.call('POST', '/api/v3/pendingCompanyUsers', { json: user })
    expect(created.body).toEqual(RECORD_EXAMPLES['the user created'])
    const path = `/api/v3/pendingCompanyUsers/${TOKEN_EXAMPLES['the user created'].value}`
    expect((await sandbox.call('GET', path)).body).toEqual(RECORD_EXAMPLES['the user created'])
    const updated = await sandbox.call('PUT', path, {
      json: UPDATE_EXAMPLES['a new status, a field cleared'],
    })
    expect(updated.body).toEqual(UPDATED_EXAMPLES['the user updated'])
    const refused = await sandbox.call('POST', '/api/v3/pendingCompanyUsers', {
      json: { ...user, token: 'example-refused', nid_number: '12345678A' },
    })
    expect(refused.body).toEqual(CREATE_REFUSED['a field breaks its rule'])
    const refusedUpdate = await sandbox.call('PUT', path, {
      json: { status: 2, birthdate: '1985-02-30' },
    })
    expect(refusedUpdate.body).toEqual(UPDATE_REFUSED['a field breaks its rule'])
  })

  it("answers Authenticate's example with a session, its userToken the HMAC the document states", async () => {
    const keyed = await startTestSandbox({
      credentials: { ...sandbox.credentials, userTokenSecret: EXAMPLE_USER_TOKEN_SECRET },
    })
    try {
      await keyed.call('POST', '/api/v3/pendingCompanyUsers', {
        json: CREATE_EXAMPLES['every field'],
      })
      const query = new URLSearchParams(
        Object.entries(AUTHENTICATE_QUERY_EXAMPLES).map(([name, examples]): [string, string] => [
          name,
          Object.values(examples)[0]?.value ?? '',
        ]),
      )
      const session = await keyed.call('GET', `/2/authenticate?${query.toString()}`)
      expect(session.status).toBe(200)
      expect(Object.keys(session.body as object).sort()).toEqual(
        Object.keys(SESSION_EXAMPLES['a session']).sort(),
      )
      query.set('installationGuid', 'not-a-uuid')
      const refused = await keyed.call('GET', `/2/authenticate?${query.toString()}`)
      expect(refused.body).toEqual(AUTHENTICATE_REFUSED['a field breaks its rule'])
    } finally {
      await keyed.stop()
    }
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

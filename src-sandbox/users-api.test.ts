import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

const USERS = '/api/v3/pendingCompanyUsers'
const full = {
  token: 'full-user',
  status: 2,
  email: 'ana@example.com',
  nid_number: '47909749J',
  firstname: 'Ana',
  lastname: 'García',
  gender: 1,
  birthdate: '1990-05-17',
  mobile_phone: '600111222',
  description: 'Created by the test suite',
  has_video_call: 1,
  has_video_call_1to1: 0,
  company_group_code: 'G1',
  coverage_name: 'Gold',
  contract_number: 'C-1',
}

describe('Create', () => {
  it('answers 201 with the stored record and its Location', async () => {
    const answer = await sandbox.call('POST', USERS, { json: full })
    expect(answer.status).toBe(201)
    expect(answer.headers.get('location')).toBe(`${USERS}/full-user`)
    expect(answer.body).toEqual({
      token: 'full-user',
      status: 2,
      email: 'ana@example.com',
      nid_number: '47909749J',
      firstname: 'Ana',
      lastname: 'García',
      gender: 1,
      birthdate: '1990-05-17',
      mobile_phone: '+34600111222',
      description: 'Created by the test suite',
      features: { video_call: 1, video_call_1to1: 0 },
      company_group_code: 'G1',
    })
  })

  it('creates a user from token and status alone, flags off', async () => {
    const answer = await sandbox.call('POST', USERS, { json: { token: 'minimal', status: 0 } })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      email: null,
      features: { video_call: 0, video_call_1to1: 0 },
    })
  })

  it('answers 409 naming the token for a duplicate, and keeps the first user', async () => {
    await sandbox.call('POST', USERS, { json: { token: 'dup', status: 0, firstname: 'First' } })
    const answer = await sandbox.call('POST', USERS, { json: { token: 'dup', status: 2 } })
    expect(answer.status).toBe(409)
    expect(answer.contentType).toContain('application/problem+json')
    expect(answer.body).toMatchObject({ status: 409, errors: [{ field: 'token' }] })
    const kept = await sandbox.call('GET', `${USERS}/dup`)
    expect(kept.body).toMatchObject({ status: 0, firstname: 'First' })
  })

  it('answers 422 naming every invalid field, and stores nothing', async () => {
    const answer = await sandbox.call('POST', USERS, {
      json: { token: 'bad', status: 1, nid_number: '12345678A', mobile_phone: '+34 600', extra: 1 },
    })
    expect(answer.status).toBe(422)
    expect(answer.contentType).toContain('application/problem+json')
    const fields = (answer.body as { errors: { field: string }[] }).errors.map((e) => e.field)
    expect(fields.sort()).toEqual(['extra', 'mobile_phone', 'nid_number', 'status'])
    expect((await sandbox.call('GET', `${USERS}/bad`)).status).toBe(404)
  })
})

describe('Retrieve', () => {
  it('answers 200 with the record; tokens with reserved URL characters round-trip', async () => {
    const token = 'a/b?c#d %e'
    await sandbox.call('POST', USERS, { json: { token, status: 3 } })
    const answer = await sandbox.call('GET', `${USERS}/${encodeURIComponent(token)}`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ token, status: 3 })
  })

  it('answers 404 as problem+json for an unknown token', async () => {
    const answer = await sandbox.call('GET', `${USERS}/nobody`)
    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ status: 404, title: 'Not found' })
  })
})

describe('Update', () => {
  it('changes the given fields and keeps the others', async () => {
    await sandbox.call('POST', USERS, { json: { ...full, token: 'upd' } })
    const answer = await sandbox.call('PUT', `${USERS}/upd`, {
      json: { status: 0, firstname: 'Eva', has_video_call: 0 },
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      status: 0,
      firstname: 'Eva',
      lastname: 'García',
      email: 'ana@example.com',
      mobile_phone: '+34600111222',
      features: { video_call: 0, video_call_1to1: 0 },
    })
  })

  it('clears a field sent as null', async () => {
    await sandbox.call('POST', USERS, { json: { ...full, token: 'clear' } })
    const answer = await sandbox.call('PUT', `${USERS}/clear`, { json: { status: 2, email: null } })
    expect(answer.body).toMatchObject({ email: null, firstname: 'Ana' })
  })

  it('refuses create-only fields with 422 and changes nothing', async () => {
    await sandbox.call('POST', USERS, { json: { ...full, token: 'frozen' } })
    const answer = await sandbox.call('PUT', `${USERS}/frozen`, {
      json: { status: 0, mobile_phone: '699', contract_number: 'X' },
    })
    expect(answer.status).toBe(422)
    const errors = (answer.body as { errors: { field: string; detail: string }[] }).errors
    expect(errors.map((e) => e.field)).toEqual(['mobile_phone', 'contract_number'])
    expect(errors[0]?.detail).toContain('Update does not accept mobile_phone')
    expect((await sandbox.call('GET', `${USERS}/frozen`)).body).toMatchObject({ status: 2 })
  })

  it('answers 404 for an unknown token', async () => {
    const answer = await sandbox.call('PUT', `${USERS}/ghost`, { json: { status: 0 } })
    expect(answer.status).toBe(404)
  })
})

describe('credentials', () => {
  it.each([
    ['no headers', {}],
    ['a wrong apiKey', { apiKey: 'wrong' }],
    ['a wrong secretKey', { secretKey: 'wrong' }],
  ])('answers 401 to %s', async (_, override) => {
    const headers = { ...sandbox.auth, ...override }
    const response = await fetch(`${sandbox.baseUrl}${USERS}/full-user`, {
      headers: Object.keys(override).length === 0 ? {} : headers,
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe(
      'ApiKeyHeaders realm="sandbox", headers="apiKey secretKey"',
    )
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    const body = (await response.json()) as { detail: string }
    expect(body.detail).not.toContain(sandbox.credentials.apiKey)
  })

  it('serves the JWKS without credentials', async () => {
    const response = await fetch(`${sandbox.baseUrl}/.well-known/jwks.json`)
    expect(response.status).toBe(200)
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] }
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' })
    expect(jwks.keys[0]).not.toHaveProperty('d')
  })
})

describe('malformed requests', () => {
  it('answers 400 to malformed JSON', async () => {
    const answer = await sandbox.call('POST', USERS, {
      body: '{"token": "x", ',
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ title: 'Malformed JSON' })
  })

  it.each([
    ['text/plain', 'token=x'],
    ['application/x-www-form-urlencoded', 'token=x&status=0'],
  ])('answers 415 to a %s body', async (type, body) => {
    const answer = await sandbox.call('POST', USERS, { body, headers: { 'content-type': type } })
    expect(answer.status).toBe(415)
    expect(answer.contentType).toContain('application/problem+json')
  })

  it('answers 415 to a body without a Content-Type', async () => {
    const answer = await sandbox.call('PUT', `${USERS}/full-user`, { body: '{"status":0}' })
    expect(answer.status).toBe(415)
  })

  it('answers 413 to an oversized body, declared or streamed', async () => {
    const huge = JSON.stringify({ token: 'big', status: 0, description: 'x'.repeat(70_000) })
    const answer = await sandbox.call('POST', USERS, {
      body: huge,
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.status).toBe(413)
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)))
        controller.close()
      },
    })
    const streamed = await fetch(`${sandbox.baseUrl}${USERS}`, {
      method: 'POST',
      headers: { ...sandbox.auth, 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    })
    expect(streamed.status).toBe(413)
  })

  it('refuses . and .. as tokens: a path cannot address them', async () => {
    for (const token of ['.', '..']) {
      const answer = await sandbox.call('POST', USERS, { json: { token, status: 2 } })
      expect(answer.status).toBe(422)
      expect(JSON.stringify(answer.body)).toContain('a token must be addressable in a path')
    }
  })

  it('answers 404 to an unknown path', async () => {
    expect((await sandbox.call('GET', '/api/v4/anything')).status).toBe(404)
  })
})

// The methods each path takes: 405 with Allow for any other, and HEAD wherever GET is answered
// (RFC 9110, 9.1: a server that answers GET answers HEAD).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

const USERS = '/api/v3/pendingCompanyUsers'

describe('methods', () => {
  it('answers 405 with Allow to a method the path does not take', async () => {
    const answer = await sandbox.call('DELETE', `${USERS}/full-user`)
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, PUT, HEAD')
  })

  it('answers HEAD wherever it answers GET: the same status and headers, no body', async () => {
    await sandbox.call('POST', USERS, { json: { token: 'head-user', status: 2 } })
    for (const path of [
      `${USERS}/head-user`,
      `${USERS}/nobody-here`,
      '/.well-known/jwks.json',
      '/openapi.json',
      '/_sandbox/openapi.json',
    ]) {
      const [get, head] = await Promise.all(
        ['GET', 'HEAD'].map((method) =>
          fetch(`${sandbox.baseUrl}${path}`, { method, headers: sandbox.auth }),
        ),
      )
      expect({ path, status: head?.status }).toEqual({ path, status: get?.status })
      expect(head?.headers.get('content-type')).toBe(get?.headers.get('content-type'))
      expect(head?.headers.get('content-length')).toBe(get?.headers.get('content-length'))
      expect(await head?.text()).toBe('')
    }
  })

  it('answers 405 with Allow at the JWKS and the reset path too', async () => {
    for (const [method, path, allowed] of [
      ['POST', '/.well-known/jwks.json', 'GET, HEAD'],
      ['DELETE', '/.well-known/jwks.json', 'GET, HEAD'],
      ['GET', '/_sandbox/reset', 'POST'],
    ] as const) {
      const answer = await sandbox.call(method, path)
      expect({ method, path, status: answer.status, allow: answer.headers.get('allow') }).toEqual({
        method,
        path,
        status: 405,
        allow: allowed,
      })
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    }
  })
})

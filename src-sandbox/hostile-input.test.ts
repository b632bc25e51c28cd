import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'

const USERS = '/api/v3/pendingCompanyUsers'

let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
  await sandbox.call('POST', USERS, { json: { token: 'target', status: 2 } })
})
afterAll(() => sandbox.stop())

/** Sends bytes as they are, so paths reach the server without fetch normalising them. */
function rawRequest(request: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(sandbox.port, '127.0.0.1', () => socket.end(request))
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)))
    socket.on('error', reject)
  })
}

const hostileBodies: [string, unknown][] = [
  [
    'wrong types everywhere',
    { token: 1, status: '2', email: [], gender: {}, has_video_call: true },
  ],
  ['nested objects', { token: { $gt: '' }, status: { toString: 1 } }],
  ['a huge string', { token: 'h', status: 0, description: 'x'.repeat(60_000) }],
  ['NUL bytes', { token: 'nul\u0000', status: 0, firstname: 'a\u0000b' }],
  ['SQL fragments', { token: "x'); DROP TABLE users;--", status: 0, email: "' OR 1=1" }],
  ['a prototype key', JSON.parse('{"token":"p","status":0,"__proto__":{"admin":true}}')],
  ['lone surrogates', { token: '\ud800', status: 0, lastname: '\udfff' }],
  ['an array', [{ token: 'a', status: 0 }]],
  ['null', null],
  ['a number', 12],
]
const deepNesting = '['.repeat(100_000) + ']'.repeat(100_000)

describe('hostile input never gets a 5xx', () => {
  it.each(hostileBodies)('Create with %s', async (_, body) => {
    const answer = await sandbox.call('POST', USERS, { json: body })
    expect(answer.status).toBeGreaterThanOrEqual(200)
    expect(answer.status).toBeLessThan(500)
  })

  it.each(hostileBodies)('Update with %s', async (_, body) => {
    const answer = await sandbox.call('PUT', `${USERS}/target`, { json: body })
    expect(answer.status).toBeLessThan(500)
  })

  it('JSON nested deeper than a parser stack', async () => {
    const answer = await sandbox.call('POST', USERS, {
      body: deepNesting.slice(0, 60_000) + deepNesting.slice(-4_000),
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.status).toBeLessThan(500)
  })

  it.each(
    [
      '/../../etc/passwd',
      `${USERS}/%E0%A4%A`,
      `${USERS}/%00`,
      `${USERS}/..%2F..%2Fetc`,
      `${USERS}/${'x'.repeat(8000)}`,
      `${USERS}//`,
      '//evil.example/api',
      `/2/authenticate?installationGuid=%ZZ&userToken=%`,
      `/2/authenticate?userToken=${'a'.repeat(4000)}&installationGuid=x`,
    ].map((path) => [path.length > 60 ? `${path.slice(0, 60)}…` : path, path]),
  )('odd path %s', async (_, path) => {
    const status = await rawRequest(
      `GET ${path} HTTP/1.1\r\nHost: x\r\napiKey: ${sandbox.auth.apiKey}\r\nsecretKey: ${sandbox.auth.secretKey}\r\nConnection: close\r\n\r\n`,
    )
    expect(status).toBeGreaterThanOrEqual(400)
    expect(status).toBeLessThan(500)
  })

  it('a request line that is not HTTP', async () => {
    const status = await rawRequest('HELLO\r\n\r\n')
    expect(status === 0 || (status >= 400 && status < 500)).toBe(true)
  })

  it('keeps serving and keeps the data intact afterwards', async () => {
    const answer = await sandbox.call('GET', `${USERS}/target`)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ token: 'target', status: 2 })
  })
})

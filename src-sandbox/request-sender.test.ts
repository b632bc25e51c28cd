// A DNS-rebinding page reaches the sandbox on 127.0.0.1 under a name its author controls; its
// browser then sends that name as Host (and, on a write, its origin as Origin). These requests
// are what such a browser sends, made with node:http so the headers are exactly those.
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type SandboxAnswer, type TestSandbox } from '../test/helpers/sandbox'
import { contractOf, type OpenApiDocument } from '../test/property/openapi-answers'
import { optionsFromEnv } from './options'

const USERS = '/api/v3/pendingCompanyUsers'

interface Sent {
  method?: string
  path: string
  host: string
  origin?: string
  json?: unknown
}

function send(sandbox: TestSandbox, sent: Sent): Promise<SandboxAnswer> {
  const body = sent.json === undefined ? undefined : JSON.stringify(sent.json)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: sandbox.port,
        method: sent.method ?? 'GET',
        path: sent.path,
        headers: {
          ...sandbox.auth,
          host: sent.host,
          ...(sent.origin === undefined ? {} : { origin: sent.origin }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          const contentType = response.headers['content-type'] ?? ''
          resolve({
            status: response.statusCode ?? 0,
            contentType,
            headers: new Headers({ 'content-type': contentType }),
            body: text === '' ? null : (JSON.parse(text) as unknown),
            text,
          })
        })
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

let sandbox: TestSandbox
let own: string
beforeAll(async () => {
  sandbox = await startTestSandbox()
  own = `127.0.0.1:${sandbox.port}`
  const known = { token: 'known-user', status: 2, firstname: 'Ana', email: 'ana@example.com' }
  expect(
    (await send(sandbox, { method: 'POST', path: USERS, host: own, json: known })).status,
  ).toBe(201)
})
afterAll(() => sandbox.stop())

const stored = async (token: string) =>
  (await send(sandbox, { path: `${USERS}/${token}`, host: own })).status

describe('a DNS-rebinding page (Host: a name it controls)', () => {
  const rebound = () => `attacker.example:${sandbox.port}`

  it('cannot read a user, the export or even the public documents', async () => {
    for (const path of [`${USERS}/known-user`, '/_sandbox/export', '/openapi.json']) {
      const answer = await send(sandbox, { path, host: rebound() })
      expect(answer.status).toBe(421)
      expect(JSON.stringify(answer.body)).not.toContain('ana@example.com')
    }
  })

  it('cannot create a user, with or without its Origin', async () => {
    for (const origin of [undefined, `http://${rebound()}`]) {
      const user = { token: `planted-${String(origin)}`, status: 2 }
      const answer = await send(sandbox, {
        method: 'POST',
        path: USERS,
        host: rebound(),
        json: user,
        ...(origin === undefined ? {} : { origin }),
      })
      expect(answer).toMatchObject({ status: 421, body: { type: '/problems/misdirected' } })
      expect(await stored(user.token)).toBe(404)
    }
  })

  it.each([
    ['a name ending in a loopback one', 'localhost.attacker.example'],
    ['a loopback address as a label', '127.0.0.1.attacker.example'],
    ['a user part before a loopback name', 'attacker.example@127.0.0.1'],
  ])('is refused for %s', async (_, host) => {
    expect((await send(sandbox, { path: `${USERS}/known-user`, host })).status).toBe(421)
  })
})

describe('every path', () => {
  it.each(['/openapi.json', '/_sandbox/openapi.json'])(
    'refuses them before anything else, as the document at %s says it may',
    async (documentPath) => {
      const document = (await sandbox.call('GET', documentPath)).body as OpenApiDocument
      const contract = contractOf(document)
      const calls = Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => method !== 'parameters')
          .map((method) => ({ path, method, sent: path.replace('{token}', 'known-user') })),
      )
      expect(calls.length).toBeGreaterThanOrEqual(4)
      for (const { path, method, sent } of calls) {
        const write = method === 'post' || method === 'put'
        const base = {
          method: method.toUpperCase(),
          path: sent,
          ...(write ? { json: { token: 'x', status: 2 } } : {}),
        }
        const misdirected = await send(sandbox, {
          ...base,
          host: `attacker.example:${sandbox.port}`,
        })
        expect(misdirected.status, `${method} ${path}`).toBe(421)
        expect(contract.breach(path, method, misdirected)).toBeNull()
        const crossOrigin = await send(sandbox, { ...base, host: own, origin: 'https://a.example' })
        expect(crossOrigin.status, `${method} ${path}`).toBe(403)
        expect(contract.breach(path, method, crossOrigin)).toBeNull()
      }
    },
  )
})

describe('the names of this machine', () => {
  it('are answered, however written, where a name that only ends in one is not', async () => {
    for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST', '127.1.2.3', '[::1]']) {
      const host = `${name}:${sandbox.port}`
      const answer = await send(sandbox, { path: `${USERS}/known-user`, host })
      expect(answer).toMatchObject({ status: 200, body: { email: 'ana@example.com' } })
    }
    const host = `attacker.localhost.example:${sandbox.port}`
    expect((await send(sandbox, { path: `${USERS}/known-user`, host })).status).toBe(421)
  })
})

describe('a page of another origin', () => {
  it.each([
    ['another site', 'https://attacker.example'],
    ['another port of this machine', 'http://localhost:3000'],
    ['an opaque origin', 'null'],
  ])('cannot create a user from %s, even with a loopback Host', async (_, origin) => {
    const user = { token: `from-${origin.replace(/\W/g, '')}`, status: 2 }
    const answer = await send(sandbox, {
      method: 'POST',
      path: USERS,
      host: own,
      origin,
      json: user,
    })
    expect(answer).toMatchObject({ status: 403, body: { type: '/problems/cross-origin' } })
    expect(await stored(user.token)).toBe(404)
  })

  it('is told apart from the sandbox itself and from a program, which sends no Origin', async () => {
    const create = (token: string, origin?: string) =>
      send(sandbox, {
        method: 'POST',
        path: USERS,
        host: own,
        json: { token, status: 2 },
        ...(origin === undefined ? {} : { origin }),
      })
    expect((await create('own-ip', `http://${own}`)).status).toBe(201)
    expect((await create('own-name', `http://localhost:${sandbox.port}`)).status).toBe(201)
    expect((await create('a-program')).status).toBe(201)
    // The sandbox's own host and port, but another scheme: another origin.
    expect((await create('other-scheme', `https://${own}`)).status).toBe(403)
  })
})

describe('a name the sandbox was told to answer (SANDBOX_ALLOWED_HOSTS)', () => {
  it('is answered, and another name still is not', async () => {
    const { options } = optionsFromEnv({ SANDBOX_ALLOWED_HOSTS: 'Sandbox.Test, ci-host' })
    const named = await startTestSandbox({ allowedHosts: options.allowedHosts })
    try {
      const host = `sandbox.test:${named.port}`
      const user = { token: 'by-name', status: 2 }
      const origin = `http://${host}`
      expect(
        (await send(named, { method: 'POST', path: USERS, host, origin, json: user })).status,
      ).toBe(201)
      expect((await send(named, { path: `${USERS}/by-name`, host })).status).toBe(200)
      expect(
        (await send(named, { path: `${USERS}/by-name`, host: `ci-host:${named.port}` })).status,
      ).toBe(200)
      const other = await send(named, {
        path: `${USERS}/by-name`,
        host: `attacker.example:${named.port}`,
      })
      expect(other.status).toBe(421)
    } finally {
      await named.stop()
    }
  })

  it('refuses a name with a port or a scheme, naming the variable', () => {
    for (const given of ['sandbox.test:4010', 'http://sandbox.test'])
      expect(() => optionsFromEnv({ SANDBOX_ALLOWED_HOSTS: given })).toThrow(
        /SANDBOX_ALLOWED_HOSTS.*without a port/,
      )
  })
})

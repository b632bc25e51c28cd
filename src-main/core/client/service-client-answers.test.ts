import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { failureOf } from '../../../test/helpers/app-failure'
import { clientWorld } from '../../../test/helpers/client-world'
import { answering, drained } from '../../../test/helpers/transports'
import { nodeHttpTransport } from './http-request'

const world = clientWorld()
const { clientWith, token } = world

describe('tolerant reading of answers', () => {
  it('re-reads the record after a write answered without a body', async () => {
    const t = token()
    await clientWith().create({ token: t, status: 2 })
    const client = clientWith({
      transport: async (call, signal) => {
        const response = await nodeHttpTransport(call, signal)
        if (call.method !== 'PUT') return response
        await drained(response)
        return answering(204)(call, signal)
      },
    })
    const result = await client.update(t, { status: 0 })
    expect(result.record.status).toBe(0)
    expect(result.note).toMatchObject({ id: 'service.recordNotInAnswer' })
  })

  it('turns a plain-text error into SERVER with what the service said', async () => {
    const client = clientWith({
      maxAttempts: 1,
      transport: answering(502, 'upstream exploded'),
    })
    const error = await failureOf(client.retrieve(token()))
    expect(error).toMatchObject({ code: 'SERVER', status: 502 })
    expect(error.message).toContain('upstream exploded')
  })

  it('reports a 2xx that is not a record as UNEXPECTED_RESPONSE', async () => {
    const client = clientWith({
      transport: answering(200, '{"hello":"world"}', { 'content-type': 'application/json' }),
    })
    expect((await failureOf(client.retrieve(token()))).code).toBe('UNEXPECTED_RESPONSE')
  })

  it('does not follow a redirect with the secret headers', async () => {
    const listening = (server: Server) =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      )
    const reachedElsewhere: (string | undefined)[] = []
    const elsewhere = createServer((request, response) => {
      reachedElsewhere.push(request.headers.secretkey as string | undefined)
      response.end('{}')
    })
    const elsewhereUrl = await listening(elsewhere)
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: `${elsewhereUrl}/api/v3/pendingCompanyUsers/x` })
      response.end()
    })
    const redirectingUrl = await listening(redirecting)
    try {
      const client = clientWith({}, { baseUrl: redirectingUrl })
      expect((await failureOf(client.retrieve(token()))).code).toBe('UNEXPECTED_RESPONSE')
      expect(reachedElsewhere).toEqual([])
    } finally {
      for (const server of [elsewhere, redirecting]) {
        server.closeAllConnections()
        server.close()
      }
    }
  })
})

describe('connection test', () => {
  it('tells good credentials from bad ones from an unreachable URL', async () => {
    expect((await clientWith().testConnection()).outcome).toBe('ok')
    expect((await clientWith({}, { secretKey: 'wrong-secret-key' }).testConnection()).outcome).toBe(
      'unauthorized',
    )
    expect((await clientWith({}, { baseUrl: 'http://127.0.0.1:9' }).testConnection()).outcome).toBe(
      'unreachable',
    )
  })
})

describe('activity log', () => {
  it('keeps every call with its secrets replaced by shell variables', async () => {
    await clientWith().create({
      token: token(),
      status: 0,
      description: world.sandbox.credentials.secretKey,
    })
    const [entry] = world.activity.list()
    expect(entry).toMatchObject({
      method: 'POST',
      status: 201,
      operation: { id: 'operation.createUser' },
    })
    expect(entry?.requestHeaders).toMatchObject({ apiKey: '$API_KEY', secretKey: '$SECRET_KEY' })
    const serialized = JSON.stringify(world.activity.list())
    for (const secret of Object.values(world.sandbox.credentials))
      expect(serialized).not.toContain(secret)
  })
})

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRemoteJWKSet, jwtVerify } from 'jose'

export interface Service {
  url: string
  apiKey: string
  secretKey: string
}

/**
 * The app under test: its /me answers who a signed-in member is. It trusts the service's session
 * JWT (checked against the service's JWKS) and reads the member with the service's Retrieve.
 */
export async function startMembersApp(service: Service) {
  const keys = createRemoteJWKSet(new URL('/.well-known/jwks.json', service.url))
  async function respond(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    const url = new URL(request.url ?? '/', 'http://app')
    const member = url.searchParams.get('member')
    const jwt = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]
    if (url.pathname !== '/me' || member === null) return send(404, { error: 'no such page' })
    if (jwt === undefined) return send(401, { error: 'sign in first' })
    const session = await jwtVerify(jwt, keys).catch(() => null)
    if (session === null) return send(401, { error: 'your session is not valid' })
    const answer = await fetch(
      new URL(`/api/v3/pendingCompanyUsers/${encodeURIComponent(member)}`, service.url),
      { headers: { apiKey: service.apiKey, secretKey: service.secretKey } },
    )
    if (!answer.ok) return send(502, { error: `the service answered ${answer.status}` })
    const record = (await answer.json()) as { firstname: string | null; lastname: string | null }
    send(200, {
      name: [record.firstname, record.lastname].filter(Boolean).join(' ') || member,
      plan: session.payload.status === 2 ? 'Premium' : 'Free',
    })
  }
  const server = createServer((request, response) => {
    respond(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: String(error) }))
    })
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((closed) => server.close(closed)),
  }
}

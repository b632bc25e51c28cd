import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JWK } from 'jose'
import type { SandboxCredentials } from './options'
import { checkCredentials } from './credentials'
import { sendJson } from './http-io'
import { sandboxDocument } from './openapi/sandbox-document'
import { serviceDocument } from './openapi/service-document'
import { EXPORT_PATH, JWKS_PATH, OPENAPI_PATH, RESET_PATH, SANDBOX_OPENAPI_PATH } from './paths'
import { toSeedEntry } from './representation'
import { methodFor, methodNotAllowed } from './router'
import type { UserStore } from './user-store'

/** The paths answerOwnRoute answers: any other goes straight to the service's calls. */
export const OWN_PATHS: ReadonlySet<string> = new Set([
  JWKS_PATH,
  RESET_PATH,
  EXPORT_PATH,
  OPENAPI_PATH,
  SANDBOX_OPENAPI_PATH,
])

export interface OwnRoutes {
  credentials: SandboxCredentials
  store: UserStore
  /** Whether the JWKS is published now (the 'none' fault hides it). */
  publishes(): boolean
  /** The key the JWKS publishes now. */
  publishedKey(): Promise<JWK>
  reset(): { users: number }
}

/**
 * The paths the sandbox answers before the service's calls: the JWKS, and its own (reset,
 * export, the two OpenAPI documents), none of which holds or is held by fault injection. Answers and
 * returns true for one of them; false for any other path.
 */
export async function answerOwnRoute(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  routes: OwnRoutes,
): Promise<boolean> {
  const method = methodFor(request.method ?? 'GET')
  const only = (allowed: string) => {
    if (method !== allowed) throw methodNotAllowed([allowed])
  }
  switch (pathname) {
    case JWKS_PATH: {
      // With the 'none' fault the address falls through to the router's not-found answer.
      if (!routes.publishes()) return false
      only('GET')
      sendJson(response, 200, { keys: [await routes.publishedKey()] })
      return true
    }
    case RESET_PATH:
      only('POST')
      checkCredentials(request.headers, routes.credentials)
      sendJson(response, 200, routes.reset())
      return true
    case EXPORT_PATH:
      only('GET')
      checkCredentials(request.headers, routes.credentials)
      sendJson(response, 200, { users: routes.store.all().map(toSeedEntry) })
      return true
    case OPENAPI_PATH:
      only('GET')
      sendJson(response, 200, { ...(service ??= serviceDocument()), servers: servedBy(request) })
      return true
    case SANDBOX_OPENAPI_PATH:
      only('GET')
      sendJson(response, 200, { ...(sandbox ??= sandboxDocument()), servers: servedBy(request) })
      return true
    default:
      return false
  }
}

// Made on the first ask, once per process: every sandbox in it is the same code.
let service: Record<string, unknown> | undefined
let sandbox: Record<string, unknown> | undefined

/**
 * The sandbox that served the document, by the full URL its caller reached it at, so a client
 * generated from it calls this sandbox as it stands (a relative '/' fails outside a browser).
 * The Host header was checked before any route (request-sender.ts).
 */
function servedBy(request: IncomingMessage) {
  const scheme = (request.socket as { encrypted?: boolean }).encrypted === true ? 'https' : 'http'
  return [
    {
      url: `${scheme}://${request.headers.host ?? 'localhost'}`,
      description: 'The sandbox this document was served by',
    },
  ]
}

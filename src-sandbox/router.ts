import { problem } from './problem'
import { authenticate } from './routes/authenticate'
import type { RouteHandler } from './routes/context'
import { createUser, retrieveUser, updateUser } from './routes/users'

interface Route {
  /** Literal segments, or ':name' for a parameter. */
  segments: string[]
  methods: Record<string, RouteHandler>
  /** Calls of the service need apiKey and secretKey; the JWKS is public. */
  authenticated: boolean
}

const ROUTES: Route[] = [
  { segments: ['2', 'authenticate'], methods: { GET: authenticate }, authenticated: true },
  {
    segments: ['api', 'v3', 'pendingCompanyUsers'],
    methods: { POST: createUser },
    authenticated: true,
  },
  {
    segments: ['api', 'v3', 'pendingCompanyUsers', ':token'],
    methods: { GET: retrieveUser, PUT: updateUser },
    authenticated: true,
  },
]

export interface RouteMatch {
  handler: RouteHandler
  params: Record<string, string>
  authenticated: boolean
}

/**
 * The methods a path takes as its Allow header says them: HEAD wherever GET is, since a server
 * MUST answer HEAD on every GET resource (RFC 9110 §9.1).
 */
function allowedOf(methods: readonly string[]): string[] {
  return methods.includes('GET') ? [...methods, 'HEAD'] : [...methods]
}

/**
 * The handler's method for a request: HEAD is GET's, its body left out by Node's own HEAD
 * handling (the headers, Content-Length included, stay as GET's).
 */
export function methodFor(method: string): string {
  return method === 'HEAD' ? 'GET' : method
}

/** 405 for a path that takes other methods, with the Allow header RFC 9110 asks for. */
export function methodNotAllowed(methods: readonly string[]) {
  const allowed = allowedOf(methods).join(', ')
  const error = problem(405, 'method-not-allowed', 'Method not allowed', `Use ${allowed}`)
  error.headers.allow = allowed
  return error
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw problem(400, 'bad-path', 'Bad request', 'The URL path is not valid percent-encoding')
  }
}

function matchSegments(route: Route, parts: string[]): Record<string, string> | undefined {
  if (route.segments.length !== parts.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, segment] of route.segments.entries()) {
    const part = parts[index] ?? ''
    if (segment.startsWith(':')) {
      if (part === '') return undefined
      params[segment.slice(1)] = decodeSegment(part)
    } else if (segment !== part) {
      return undefined
    }
  }
  return params
}

/** Finds the route for a path; 404 for an unknown path, 405 (with Allow) for a wrong method. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const parts = pathname.split('/').slice(1)
  for (const route of ROUTES) {
    const params = matchSegments(route, parts)
    if (!params) continue
    const handler = route.methods[methodFor(method)]
    if (!handler) throw methodNotAllowed(Object.keys(route.methods))
    return { handler, params, authenticated: route.authenticated }
  }
  throw problem(404, 'no-such-endpoint', 'Not found', 'No endpoint at this path')
}

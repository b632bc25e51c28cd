import { randomUUID } from 'node:crypto'
import { get as httpGet, type IncomingMessage } from 'node:http'
import { get as httpsGet } from 'node:https'
import { OPENAPI_PATH } from './paths'
import { authenticateQuery, sessionJwt, type JwtMaking } from './routes/authenticate'
import type { RouteContext } from './routes/context'

// A new process's first call costs several times a later one: its code is not yet compiled and
// its signer not yet set up. The sandbox pays that before it says it is listening, so that a
// suite's first call (often the one its timeout is tightest on) does not.

// V8 compiles a function well only after it has run a few times: one round is not enough.
const ROUNDS = 5

/** Authenticate's own work a few times, keeping nothing: the query check, a lookup, a signature. */
export async function warmAuthenticate(context: Pick<RouteContext, JwtMaking | 'store'>) {
  for (let round = 0; round < ROUNDS; round++) await authenticateOnce(context)
}

async function authenticateOnce(context: Pick<RouteContext, JwtMaking | 'store'>) {
  const query = new URLSearchParams({ installationGuid: randomUUID(), userToken: '0'.repeat(64) })
  const { installationGuid, userToken } = authenticateQuery(
    new URL(`http://127.0.0.1/2/authenticate?${query.toString()}`),
  )
  context.store.byUserToken(userToken)
  const now = new Date()
  const session = { sessionToken: randomUUID(), installationGuid, issuedAt: now, expiresAt: now }
  const user = { status: 2, has_video_call: 0, has_video_call_1to1: 0, user_hash: 'warm' }
  await sessionJwt(context, session, user)
}

// Far longer than an answer over loopback takes, even on a busy machine: a server that cannot
// answer itself in this time is not one to say is listening.
const ANSWER_TIMEOUT_MS = 10_000

/**
 * One answer through the server's whole path, over loopback: its OpenAPI document, which changes
 * nothing and which no fault injection touches (a start with the JWKS hidden still starts).
 */
export function warmAnswerPath(baseUrl: string, tls: boolean): Promise<void> {
  const url = `${baseUrl}${OPENAPI_PATH}`
  return new Promise((answered, failed) => {
    // Its own socket, just bound, asked for a public document: nothing to verify the
    // certificate for (which may be one a test made to be refused).
    const options = { timeout: ANSWER_TIMEOUT_MS, ...(tls ? { rejectUnauthorized: false } : {}) }
    const request = tls ? httpsGet(url, options, done) : httpGet(url, options, done)
    function done(response: IncomingMessage) {
      response.resume()
      response.once('end', () =>
        response.statusCode === 200
          ? answered()
          : failed(
              new Error(`the sandbox answered its own ${OPENAPI_PATH} ${response.statusCode}`),
            ),
      )
    }
    request.once('timeout', () =>
      request.destroy(new Error(`the sandbox did not answer its own ${OPENAPI_PATH}`)),
    )
    request.once('error', failed)
  })
}

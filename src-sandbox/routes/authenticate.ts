import { randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { authenticateQuerySchema } from '../../src-shared/service'
import { problem, validationProblem } from '../problem'
import { JWT_ALGORITHM } from '../signing-keys'
import type { RouteContext, RouteResult } from './context'
import type { StoredUser } from '../stored-user'
import { formatMessage } from '../../src-shared/messages/message-text'
import { SANDBOX_MESSAGES } from '../../src-shared/messages/sandbox-messages'

function singleQueryValue(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name)
  if (values.length > 1) {
    throw problem(
      422,
      'validation',
      'Invalid request',
      formatMessage(SANDBOX_MESSAGES.givenMoreThanOnce, { name }),
      [
        {
          field: name,
          pointer: `#/${name}`,
          detail: formatMessage(SANDBOX_MESSAGES.givenOnce, { name }),
        },
      ],
    )
  }
  return values[0]
}

interface Session {
  sessionToken: string
  installationGuid: string
  issuedAt: Date
  expiresAt: Date
}

export type JwtMaking = 'signingKey' | 'issuer'
type SignedUser = Pick<
  StoredUser,
  'status' | 'has_video_call' | 'has_video_call_1to1' | 'user_hash'
>

export function sessionJwt(
  context: Pick<RouteContext, JwtMaking>,
  session: Session,
  user: SignedUser,
): Promise<string> {
  return new SignJWT({
    sid: session.sessionToken,
    installationGuid: session.installationGuid,
    status: user.status,
    features: { video_call: user.has_video_call, video_call_1to1: user.has_video_call_1to1 },
  })
    .setProtectedHeader({ alg: JWT_ALGORITHM, kid: context.signingKey.kid, typ: 'JWT' })
    .setSubject(user.user_hash)
    .setIssuer(context.issuer)
    .setIssuedAt(Math.floor(session.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
    .sign(context.signingKey.privateKey)
}

export function authenticateQuery(url: URL) {
  const parsed = authenticateQuerySchema.safeParse({
    installationGuid: singleQueryValue(url, 'installationGuid'),
    userToken: singleQueryValue(url, 'userToken'),
  })
  if (!parsed.success) throw validationProblem(parsed.error, SANDBOX_MESSAGES.queryInvalid)
  return parsed.data
}

export async function authenticate(context: RouteContext): Promise<RouteResult> {
  const { installationGuid, userToken } = authenticateQuery(context.url)

  const user = context.store.byUserToken(userToken)
  if (!user) {
    // .NET's and Java's hex is uppercase: a user's digest in the wrong case is said as such.
    const wrongCase =
      context.userTokenScheme === 'hmac-sha256-hex' &&
      /[A-F]/.test(userToken) &&
      context.store.byUserToken(userToken.toLowerCase()) !== undefined
    const message = wrongCase
      ? SANDBOX_MESSAGES.userTokenUppercaseHex
      : SANDBOX_MESSAGES.noUserWithUserToken
    throw problem(404, 'not-found', 'Not found', message.message)
  }
  if (user.status === 3) {
    throw problem(403, 'no-access', 'Forbidden', SANDBOX_MESSAGES.noAccess.message)
  }

  const sessionToken = randomUUID()
  const issuedAt = new Date()
  const expiresAt = new Date(issuedAt.getTime() + context.jwtTtlSeconds * 1000)
  const jwt = await sessionJwt(
    context,
    { sessionToken, installationGuid, issuedAt, expiresAt },
    user,
  )

  context.store.recordSession({
    sessionToken,
    userToken: user.token,
    installationGuid,
    issuedAt,
    expiresAt,
  })
  return { status: 200, body: { jwt, userHash: user.user_hash, sessionToken } }
}

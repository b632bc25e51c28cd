import * as z from 'zod'
import { saidSchema } from '../messages/said-schema'
import { ruleText } from '../messages/rule-messages'
import { textTypeError, UNPAIRED_SURROGATE } from './user-fields'

export const installationGuidSchema = z.uuid({
  error: (issue) =>
    issue.code === 'invalid_type'
      ? textTypeError('installationGuid', false).error(issue)
      : ruleText('uuid', { field: 'installationGuid' }),
})

export const userTokenSchema = z
  .string(textTypeError('userToken', false))
  .min(1, { error: ruleText('notEmpty', { field: 'userToken' }) })
  .max(512, { error: ruleText('tooLong', { field: 'userToken', max: 512 }) })
  .refine((value) => !UNPAIRED_SURROGATE.test(value), {
    error: ruleText('unpairedSurrogate', { field: 'userToken' }),
  })

export const authenticateQuerySchema = z.object({
  installationGuid: installationGuidSchema,
  userToken: userTokenSchema,
})
export type AuthenticateQuery = z.output<typeof authenticateQuerySchema>

/** The spec declares sessionToken an Integer; in practice it is a UUID string. Accept both. */
export const sessionSchema = z.object({
  jwt: z.string().min(1, { error: ruleText('answerWithoutJwt') }),
  userHash: z.union([z.string().min(1), z.number().transform(String)]),
  sessionToken: z.union([z.string().min(1), z.number().transform(String)]),
})
export type Session = z.output<typeof sessionSchema>

/** The session as the sandbox answers it (and the OpenAPI document promises): all strings. */
export const sessionAnswerSchema = z.strictObject({
  jwt: z.string().min(1),
  userHash: z.uuid(),
  sessionToken: z.uuid(),
})

/** A JWKS as RFC 7517 shapes it; each key is checked further by the verifier. */
export const jsonWebKeySetSchema = z.object({
  keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })).max(100),
})
export type JsonWebKeySet = z.output<typeof jsonWebKeySetSchema>

const JWT_VERIFICATION_FAILURES = [
  'no-keys',
  'unknown-key',
  'bad-signature',
  'expired',
  'not-yet-valid',
  'malformed',
] as const

/** What checking a session's JWT against the environment's published keys found. */
export const jwtVerificationSchema = z.discriminatedUnion('verified', [
  z.object({
    verified: z.literal(true),
    kid: z.string().nullable(),
    algorithm: z.string(),
    /** ISO time of the exp claim, if it has one. */
    expiresAt: z.string().nullable(),
    jwksUrl: z.string(),
  }),
  z.object({
    verified: z.literal(false),
    reason: z.enum(JWT_VERIFICATION_FAILURES),
    said: saidSchema,
    kid: z.string().nullable(),
    jwksUrl: z.string(),
  }),
])
export type JwtVerification = z.output<typeof jwtVerificationSchema>

// The Node API's public types, written out rather than inferred: they ship as a declaration file
// of their own, read by suites that have no zod. types.test.ts holds each one equal to the shared
// schema it mirrors, so the two cannot drift.

/** A user as Create takes it (the service's field names and rules). */
export interface NewUser {
  token: string
  /** 0 Free, 2 Premium, 3 No Access. */
  status: 0 | 2 | 3
  email?: string
  nid_number?: string
  firstname?: string
  lastname?: string
  gender?: 0 | 1
  /** YYYY-MM-DD, from 1900-01-01 to today. */
  birthdate?: string
  description?: string
  has_video_call?: 0 | 1
  has_video_call_1to1?: 0 | 1
  company_group_code?: string
  mobile_phone?: string
  coverage_name?: string
  contract_number?: string
}

/** The fields Update changes; null clears a stored value, an absent field is kept. */
export interface UserChanges {
  status: 0 | 2 | 3
  email?: string | null
  nid_number?: string | null
  firstname?: string | null
  lastname?: string | null
  gender?: 0 | 1 | null
  birthdate?: string | null
  description?: string | null
  has_video_call?: 0 | 1 | null
  has_video_call_1to1?: 0 | 1 | null
  company_group_code?: string | null
}

/** The three secrets a sandbox checks (apiKey, secretKey) and hashes user tokens with. */
export interface SandboxCredentials {
  apiKey: string
  secretKey: string
  userTokenSecret: string
}

/** What a running sandbox fails on purpose, for tests of how a client copes. */
export interface SandboxFaults {
  latencyMs?: number
  errorRate?: number
  rateLimitRate?: number
  retryAfterSeconds?: number
  rateLimitAfter?: number | null
  hold?: boolean
  dropRate?: number
  lateErrorRate?: number
  jwks?: 'current' | 'none' | 'rotated'
}

/** A user as the sandbox holds it, ready to seed another: every stored field, unset ones left out. */
export type ExportedUser = Partial<Record<keyof NewUser, string | number>>

/** Why a call failed (IntegratorConsoleError's `code`): the console's closed set. */
export type ApiErrorCode =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'TIMEOUT'
  | 'NETWORK'
  | 'SERVER'
  | 'UNEXPECTED_RESPONSE'
  | 'KEYCHAIN_UNAVAILABLE'
  | 'SECRET_MISSING'
  | 'SETTINGS_UNREADABLE'
  | 'OUTCOME_UNKNOWN'
  | 'CONFIRMATION_REQUIRED'
  | 'INTERNAL'

/** A user as Retrieve answers: every field, null where unset; the flags as `features`. */
export interface UserRecord {
  token: string
  status: number | null
  email: string | null
  nid_number: string | null
  firstname: string | null
  lastname: string | null
  gender: number | null
  birthdate: string | null
  mobile_phone: string | null
  description: string | null
  features: { video_call: number | null; video_call_1to1: number | null }
  company_group_code: string | null
}

/** A session from Authenticate, with what was sent to get it. */
export interface IssuedSession {
  jwt: string
  userHash: string
  sessionToken: string
  /** The userToken sent: the identifier hashed with the userToken secret, or as given. */
  userToken: string
  installationGuid: string
}

/** A JWT checked against the environment's JWKS: why not, when it does not verify. */
export type JwtCheck =
  | {
      verified: true
      kid: string | null
      algorithm: string
      /** ISO time of its exp claim, if it has one. */
      expiresAt: string | null
      jwksUrl: string
    }
  | {
      verified: false
      reason:
        'no-keys' | 'unknown-key' | 'bad-signature' | 'expired' | 'not-yet-valid' | 'malformed'
      /** The reason in English words. */
      message: string
      kid: string | null
      jwksUrl: string
    }

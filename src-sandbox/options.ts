import { randomBytes } from 'node:crypto'
import { homedir } from 'node:os'
import { join } from 'node:path'
import * as z from 'zod'
import {
  userTokenSchemeSchema,
  type CreateUserRequest,
  type UserTokenScheme,
} from '../src-shared/service'
import { faultsSchema, type Faults } from './faults'
import { bareHostnameOf } from './request-sender'
import { readSeed } from './seed'

export interface SandboxCredentials {
  apiKey: string
  secretKey: string
  userTokenSecret: string
}

export interface SandboxOptions {
  /** 0 picks any free port. */
  port: number
  /** A SQLite file, or ':memory:'. */
  databasePath: string
  credentials: SandboxCredentials
  userTokenScheme: UserTokenScheme
  /** Prepended to mobile_phone in Retrieve, as the spec describes. */
  phonePrefix: string
  jwtTtlSeconds: number
  maxBodyBytes: number
  faults: Faults
  /** Users put in place at start and by every reset. */
  seed: readonly CreateUserRequest[]
  /**
   * Host names it answers besides this machine's own (localhost, 127.0.0.0/8, [::1]): one an
   * /etc/hosts line or a TLS front gives it. Every other Host is refused (DNS rebinding).
   */
  allowedHosts: readonly string[]
}

export const DEFAULTS = {
  port: 4010,
  userTokenScheme: 'hmac-sha256-hex',
  phonePrefix: '+34',
  jwtTtlSeconds: 3600,
  maxBodyBytes: 64 * 1024,
} as const

export function generateSecret(): string {
  return randomBytes(24).toString('base64url')
}

/** The per-user data folder of each OS, where the sandbox keeps its database by default. */
export function defaultDataDirectory(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const home = homedir()
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'integrator-console')
  if (platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'integrator-console')
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'integrator-console')
}

// A host name or address as a Host header names it, without a port or a scheme.
const hostNameSchema = z
  .string()
  .trim()
  .refine((name) => bareHostnameOf(name) !== null, {
    error: 'each name must be a host name or address, without a port',
  })

const secretSchema = z.string().min(8, { error: 'must be at least 8 characters' }).optional()
const numberFrom = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max}` })

const envSchema = z.object({
  SANDBOX_PORT: numberFrom('SANDBOX_PORT', 0, 65535).default(DEFAULTS.port),
  SANDBOX_DB: z.string().min(1).optional(),
  SANDBOX_SEED: z.string().min(1).optional(),
  SANDBOX_API_KEY: secretSchema,
  SANDBOX_SECRET_KEY: secretSchema,
  SANDBOX_USER_TOKEN_SECRET: secretSchema,
  SANDBOX_USER_TOKEN_SCHEME: userTokenSchemeSchema.default(DEFAULTS.userTokenScheme),
  SANDBOX_PHONE_PREFIX: z
    .string()
    .regex(/^\+?\d{0,4}$/, { error: 'must be "+" and up to 4 digits, or empty' })
    .default(DEFAULTS.phonePrefix),
  SANDBOX_JWT_TTL_SECONDS: numberFrom('SANDBOX_JWT_TTL_SECONDS', 10, 86400).default(
    DEFAULTS.jwtTtlSeconds,
  ),
  SANDBOX_MAX_BODY_BYTES: numberFrom('SANDBOX_MAX_BODY_BYTES', 1024, 10 * 1024 * 1024).default(
    DEFAULTS.maxBodyBytes,
  ),
  SANDBOX_FAULT_LATENCY_MS: numberFrom('SANDBOX_FAULT_LATENCY_MS', 0, 60000).default(0),
  SANDBOX_FAULT_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_FAULT_RATE_LIMIT_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_FAULT_RETRY_AFTER_SECONDS: numberFrom(
    'SANDBOX_FAULT_RETRY_AFTER_SECONDS',
    0,
    3600,
  ).default(1),
  SANDBOX_FAULT_RATE_LIMIT_AFTER: numberFrom(
    'SANDBOX_FAULT_RATE_LIMIT_AFTER',
    0,
    Number.MAX_SAFE_INTEGER,
  ).optional(),
  SANDBOX_FAULT_DROP_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_FAULT_LATE_ERROR_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((list) => list?.split(',').filter((name) => name.trim() !== '') ?? [])
    .pipe(z.array(hostNameSchema)),
  SANDBOX_FAULT_JWKS: z.enum(['current', 'none', 'rotated']).default('current'),
})

export interface ResolvedOptions {
  options: SandboxOptions
  /** Which credentials were generated rather than given: the CLI prints those. */
  generated: (keyof SandboxCredentials)[]
}

/** Reads SANDBOX_* settings; throws an Error naming every bad variable. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ResolvedOptions {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid sandbox settings:\n  ${lines.join('\n  ')}`)
  }
  const e = parsed.data
  const generated: (keyof SandboxCredentials)[] = []
  const secret = (given: string | undefined, name: keyof SandboxCredentials) => {
    if (given !== undefined) return given
    generated.push(name)
    return generateSecret()
  }
  const faults: Faults = faultsSchema.parse({
    latencyMs: e.SANDBOX_FAULT_LATENCY_MS,
    errorRate: e.SANDBOX_FAULT_ERROR_RATE,
    rateLimitRate: e.SANDBOX_FAULT_RATE_LIMIT_RATE,
    retryAfterSeconds: e.SANDBOX_FAULT_RETRY_AFTER_SECONDS,
    rateLimitAfter: e.SANDBOX_FAULT_RATE_LIMIT_AFTER ?? null,
    dropRate: e.SANDBOX_FAULT_DROP_RATE,
    lateErrorRate: e.SANDBOX_FAULT_LATE_ERROR_RATE,
    jwks: e.SANDBOX_FAULT_JWKS,
  })
  return {
    options: {
      port: e.SANDBOX_PORT,
      databasePath: e.SANDBOX_DB ?? join(defaultDataDirectory(), 'sandbox.db'),
      credentials: {
        apiKey: secret(e.SANDBOX_API_KEY, 'apiKey'),
        secretKey: secret(e.SANDBOX_SECRET_KEY, 'secretKey'),
        userTokenSecret: secret(e.SANDBOX_USER_TOKEN_SECRET, 'userTokenSecret'),
      },
      userTokenScheme: e.SANDBOX_USER_TOKEN_SCHEME,
      phonePrefix: e.SANDBOX_PHONE_PREFIX,
      jwtTtlSeconds: e.SANDBOX_JWT_TTL_SECONDS,
      maxBodyBytes: e.SANDBOX_MAX_BODY_BYTES,
      faults,
      seed: e.SANDBOX_SEED === undefined ? [] : readSeed(e.SANDBOX_SEED),
      allowedHosts: e.SANDBOX_ALLOWED_HOSTS,
    },
    generated,
  }
}

import { z } from 'zod'
import { userTokenSchemeSchema } from '../service'

export const ENVIRONMENT_KINDS = ['sandbox', 'staging', 'production'] as const
export const environmentKindSchema = z.enum(ENVIRONMENT_KINDS, {
  error: `kind must be one of ${ENVIRONMENT_KINDS.join(', ')}`,
})
export type EnvironmentKind = z.output<typeof environmentKindSchema>

export const SECRET_NAMES = ['apiKey', 'secretKey', 'userTokenSecret'] as const
export const secretNameSchema = z.enum(SECRET_NAMES, {
  error: `the secret must be one of ${SECRET_NAMES.join(', ')}`,
})
export type SecretName = z.output<typeof secretNameSchema>
export const SECRET_LABELS: Record<SecretName, string> = {
  apiKey: 'API key',
  secretKey: 'Secret key',
  userTokenSecret: 'userToken secret',
}

/** The built-in environment backed by the embedded sandbox; it always exists. */
export const LOCAL_SANDBOX_ID = 'local-sandbox'

export const environmentIdSchema = z
  .string({ error: 'the environment id must be text' })
  .regex(/^[a-z0-9-]{1,64}$/, { error: 'the environment id is not valid' })

export const baseUrlSchema = z
  .string({ error: 'baseUrl must be text' })
  .trim()
  .max(2048, { error: 'baseUrl must be at most 2048 characters' })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'baseUrl must be an http:// or https:// URL',
  })
  // A name or password in the URL would travel in every call and show up in every message and
  // log line; the service's credentials are the apiKey and secretKey, kept in the keychain.
  .refine(
    (value) =>
      !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''),
    {
      error:
        'baseUrl must not carry a user name or password (user@host): set the API key and secret key instead',
    },
  )
  .transform((value) => value.replace(/\/+$/, ''))

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]'])

/** Whether a URL's host is this machine, where plain http never crosses a network. */
export function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const host = new URL(value).hostname
  return LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * Why a base URL is not acceptable for an environment of this kind, or null: production only
 * over https (its apiKey and secretKey would otherwise cross the network in clear); staging and
 * sandbox may use http only on this machine.
 */
export function transportProblem(kind: EnvironmentKind, baseUrl: string): string | null {
  if (!URL.canParse(baseUrl) || new URL(baseUrl).protocol === 'https:') return null
  if (kind === 'production')
    return 'a production environment must use https://: over http:// its API key and secret key would cross the network in clear'
  if (!isLoopbackUrl(baseUrl))
    return `http:// is allowed only on this machine (localhost, 127.0.0.1, [::1]); use https:// for a ${kind} environment elsewhere`
  return null
}

export const TIMEOUT_LIMITS = { min: 1000, max: 120_000, default: 15_000 } as const

/**
 * The largest answer read from the service, counted after decompression. Its records are small
 * JSON: a few MiB is far more than any real answer, and far less than what would hurt the app.
 */
export const MAX_RESPONSE_KIB = { min: 64, max: 65_536, default: 4096 } as const

/** The fields of a profile, as stored; what the user edits is checked further (draft). */
const environmentFieldsSchema = z.object({
  id: environmentIdSchema.optional(),
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, { error: 'name must not be empty' })
    .max(60, { error: 'name must be at most 60 characters' }),
  baseUrl: baseUrlSchema,
  kind: environmentKindSchema,
  userTokenScheme: userTokenSchemeSchema,
  timeoutMs: z
    .number({ error: 'timeoutMs must be a number' })
    .int({ error: 'timeoutMs must be a whole number of milliseconds' })
    .min(TIMEOUT_LIMITS.min, { error: `timeoutMs must be at least ${TIMEOUT_LIMITS.min}` })
    .max(TIMEOUT_LIMITS.max, { error: `timeoutMs must be at most ${TIMEOUT_LIMITS.max}` }),
  maxResponseKiB: z
    .number({ error: 'maxResponseKiB must be a number' })
    .int({ error: 'maxResponseKiB must be a whole number of KiB' })
    .min(MAX_RESPONSE_KIB.min, { error: `maxResponseKiB must be at least ${MAX_RESPONSE_KIB.min}` })
    .max(MAX_RESPONSE_KIB.max, { error: `maxResponseKiB must be at most ${MAX_RESPONSE_KIB.max}` })
    .default(MAX_RESPONSE_KIB.default),
})

/**
 * What the user edits: a new profile has no id yet, and its URL must suit its kind. Profiles
 * already stored are not refused at load (nothing in the file is lost); core refuses to call an
 * unsuitable one and says why.
 */
export const environmentDraftSchema = environmentFieldsSchema.superRefine((draft, context) => {
  const problem = transportProblem(draft.kind, draft.baseUrl)
  if (problem !== null) context.addIssue({ code: 'custom', path: ['baseUrl'], message: problem })
})
export type EnvironmentDraft = z.input<typeof environmentDraftSchema>

export const environmentProfileSchema = environmentFieldsSchema.extend({
  id: environmentIdSchema,
})
export type EnvironmentProfile = z.output<typeof environmentProfileSchema>

/** Which secrets are set: the only thing about secrets the renderer ever learns. */
export const secretStatusSchema = z.object({
  apiKey: z.boolean(),
  secretKey: z.boolean(),
  userTokenSecret: z.boolean(),
})
export type SecretStatus = z.output<typeof secretStatusSchema>

export const environmentViewSchema = environmentProfileSchema.extend({
  builtIn: z.boolean(),
  /** null when the keychain could not be asked. */
  secrets: secretStatusSchema.nullable(),
})
export type EnvironmentView = z.output<typeof environmentViewSchema>

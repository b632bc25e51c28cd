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
  .refine(
    (value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === ''
      } catch {
        return false
      }
    },
    { error: 'baseUrl must be an http:// or https:// URL without credentials in it' },
  )
  .transform((value) => value.replace(/\/+$/, ''))

export const TIMEOUT_LIMITS = { min: 1000, max: 120_000, default: 15_000 } as const

/** What the user edits: a new profile has no id yet. */
export const environmentDraftSchema = z.object({
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
})
export type EnvironmentDraft = z.input<typeof environmentDraftSchema>

export const environmentProfileSchema = environmentDraftSchema.extend({
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

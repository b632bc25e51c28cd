import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { userTokenSchemeSchema } from '../service'
import { environmentNameSchema } from './environment-name'
import { proxySettingSchema, SYSTEM_PROXY } from './proxy-setting'
import { DEFAULT_TLS, tlsDraftSchema, tlsSettingSchema, tlsViewSchema } from './tls-setting'

export const ENVIRONMENT_KINDS = ['sandbox', 'staging', 'production'] as const
export const environmentKindSchema = z.enum(ENVIRONMENT_KINDS, {
  error: ruleText('choice', { field: 'kind', choices: ENVIRONMENT_KINDS.join(', ') }),
})
export type EnvironmentKind = z.output<typeof environmentKindSchema>

/**
 * An environment's secrets: the service's credentials, the userToken secret, the password its
 * proxy asks for (Basic) and the passphrase of its client certificate's key.
 */
export const SECRET_NAMES = [
  'apiKey',
  'secretKey',
  'userTokenSecret',
  'proxyPassword',
  'clientKeyPassphrase',
] as const
export const secretNameSchema = z.enum(SECRET_NAMES, {
  error: ruleText('secretName', { choices: SECRET_NAMES.join(', ') }),
})
export type SecretName = z.output<typeof secretNameSchema>

/** The built-in environment backed by the embedded sandbox; it always exists. */
export const LOCAL_SANDBOX_ID = 'local-sandbox'

export const environmentIdSchema = z
  .string({ error: ruleText('environmentIdNotText') })
  .regex(/^[a-z0-9-]{1,64}$/, { error: ruleText('environmentIdInvalid') })

const baseUrlSchema = z
  .string({ error: ruleText('notText', { field: 'baseUrl' }) })
  .trim()
  .max(2048, { error: ruleText('tooLong', { field: 'baseUrl', max: 2048 }) })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: ruleText('httpUrl', { field: 'baseUrl' }),
  })
  // A name or password in the URL would travel in every call and show up in every message and
  // log line; the service's credentials are the apiKey and secretKey, kept in the keychain.
  .refine(
    (value) =>
      !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''),
    {
      error: ruleText('urlCredentials', { field: 'baseUrl' }),
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
  if (kind === 'production') return ruleText('productionNeedsHttps')
  if (!isLoopbackUrl(baseUrl)) return ruleText('httpOnlyLoopback', { kind })
  return null
}

export const TIMEOUT_LIMITS = { min: 1000, max: 120_000, default: 15_000 } as const

/**
 * The largest answer read from the service, counted after decompression. Its records are small
 * JSON: a few MiB is far more than any real answer, and far less than what would hurt the app.
 */
export const MAX_RESPONSE_KIB = { min: 64, max: 65_536, default: 4096 } as const

/** The fields of a profile, as stored; what the user edits is checked further (draft). */
export const environmentFieldsSchema = z.object({
  id: environmentIdSchema.optional(),
  name: environmentNameSchema,
  baseUrl: baseUrlSchema,
  kind: environmentKindSchema,
  userTokenScheme: userTokenSchemeSchema,
  timeoutMs: z
    .number({ error: ruleText('notANumber', { field: 'timeoutMs' }) })
    .int({ error: ruleText('wholeMilliseconds', { field: 'timeoutMs' }) })
    .min(TIMEOUT_LIMITS.min, {
      error: ruleText('atLeast', { field: 'timeoutMs', min: TIMEOUT_LIMITS.min }),
    })
    .max(TIMEOUT_LIMITS.max, {
      error: ruleText('atMost', { field: 'timeoutMs', max: TIMEOUT_LIMITS.max }),
    }),
  maxResponseKiB: z
    .number({ error: ruleText('notANumber', { field: 'maxResponseKiB' }) })
    .int({ error: ruleText('wholeKiB', { field: 'maxResponseKiB' }) })
    .min(MAX_RESPONSE_KIB.min, {
      error: ruleText('atLeast', { field: 'maxResponseKiB', min: MAX_RESPONSE_KIB.min }),
    })
    .max(MAX_RESPONSE_KIB.max, {
      error: ruleText('atMost', { field: 'maxResponseKiB', max: MAX_RESPONSE_KIB.max }),
    })
    .default(MAX_RESPONSE_KIB.default),
  proxy: proxySettingSchema.default(SYSTEM_PROXY),
})

/**
 * What the user edits: a new profile has no id yet, and its URL must suit its kind. Profiles
 * already stored are not refused at load (nothing in the file is lost); core refuses to call an
 * unsuitable one and says why.
 */
export const environmentDraftSchema = environmentFieldsSchema
  .extend({ tls: tlsDraftSchema.optional() })
  .superRefine((draft, context) => {
    const problem = transportProblem(draft.kind, draft.baseUrl)
    if (problem !== null) context.addIssue({ code: 'custom', path: ['baseUrl'], message: problem })
  })
export type EnvironmentDraft = z.input<typeof environmentDraftSchema>

export const environmentProfileSchema = environmentFieldsSchema.extend({
  id: environmentIdSchema,
  tls: tlsSettingSchema.default(DEFAULT_TLS),
})
export type EnvironmentProfile = z.output<typeof environmentProfileSchema>

/** Which secrets are set: the only thing about secrets the renderer ever learns. */
export const secretStatusSchema = z.object({
  apiKey: z.boolean(),
  secretKey: z.boolean(),
  userTokenSecret: z.boolean(),
  proxyPassword: z.boolean(),
  clientKeyPassphrase: z.boolean(),
})
export type SecretStatus = z.output<typeof secretStatusSchema>

/** A profile as the page sees it: its TLS files by name and what they hold, never by path. */
export const environmentViewSchema = environmentProfileSchema.extend({
  tls: tlsViewSchema,
  builtIn: z.boolean(),
  /** null when the keychain could not be asked. */
  secrets: secretStatusSchema.nullable(),
})
export type EnvironmentView = z.output<typeof environmentViewSchema>

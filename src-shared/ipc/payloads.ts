import * as z from 'zod'
import { saidSchema } from '../messages/said-schema'
import { languageSchema } from '../messages/languages'
import { ruleText } from '../messages/rule-messages'
import { activityEntrySchema, MIN_SECRET_CHARS } from '../activity'
import { fileHandleSchema, filePathSchema } from '../bulk/file-path'
import {
  environmentIdSchema,
  environmentViewSchema,
  secretNameSchema,
  type SecretName,
} from '../environments'
import {
  createUserRequestSchema,
  installationGuidSchema,
  sessionSchema,
  tokenSchema,
  UNPAIRED_SURROGATE,
  updateUserRequestSchema,
  userRecordSchema,
  userTokenSchema,
  userTokenSchemeSchema,
} from '../service'

export const noInput = z.undefined()

export const byIdSchema = z.object({ id: environmentIdSchema })

const secretTextSchema = z
  .string({ error: ruleText('secretNotText') })
  .min(1, { error: ruleText('secretEmpty') })
  .max(4096, { error: ruleText('secretTooLong', { max: 4096 }) })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), {
    error: ruleText('secretControlCharacters'),
  })
  .refine((value) => !UNPAIRED_SURROGATE.test(value), {
    error: ruleText('secretUnpairedSurrogate'),
  })

const tooShort = ruleText('secretTooShort', { min: MIN_SECRET_CHARS })

/** A secret the service sees, which it may echo back: long enough to be told apart and hidden. */
export const secretValueSchema = secretTextSchema.refine(
  (value) => value.length >= MIN_SECRET_CHARS,
  { error: tooShort },
)

/**
 * Secrets no service ever sees (the proxy's password goes to the proxy alone, a key's
 * passphrase nowhere): a short one, as company proxies and exported keys often have, is fine.
 */
const NEVER_SENT_TO_THE_SERVICE: readonly SecretName[] = ['proxyPassword', 'clientKeyPassphrase']

/** The rules of one secret's value. */
export function secretValueSchemaFor(name: SecretName) {
  return NEVER_SENT_TO_THE_SERVICE.includes(name) ? secretTextSchema : secretValueSchema
}

export const setSecretInputSchema = z
  .object({ id: environmentIdSchema, name: secretNameSchema, value: secretTextSchema })
  .superRefine((input, context) => {
    // A value that breaks the text's own rules is said once, by them.
    if (!secretTextSchema.safeParse(input.value).success) return
    if (!secretValueSchemaFor(input.name).safeParse(input.value).success)
      context.addIssue({ code: 'custom', path: ['value'], message: tooShort })
  })
export const clearSecretInputSchema = z.object({ id: environmentIdSchema, name: secretNameSchema })

export const environmentListSchema = z.object({
  environments: z.array(environmentViewSchema),
  activeId: environmentIdSchema,
  /** Things the user must know about the settings, such as a corrupt file that was set aside. */
  notices: z.array(saidSchema),
})
export type EnvironmentList = z.output<typeof environmentListSchema>

export const retrieveUserInputSchema = z.object({ token: tokenSchema })

/** On a production environment, a write carries the environment's name: core checks it. */
const confirmEnvironmentSchema = z
  .string({ error: ruleText('notText', { field: 'confirmEnvironment' }) })
  .max(200, { error: ruleText('tooLong', { field: 'confirmEnvironment', max: 200 }) })
  .optional()

export const createUserInputSchema = z.object({
  user: createUserRequestSchema,
  confirmEnvironment: confirmEnvironmentSchema,
})
const MAX_BASE_CHARS = 16_384

/**
 * An Update carries the record its changes were made over (`base`): core sends it only if the
 * service still holds that, and answers CONFLICT otherwise (update-guard.ts).
 */
export const updateUserInputSchema = z
  .object({
    token: tokenSchema,
    changes: updateUserRequestSchema,
    base: userRecordSchema,
    confirmEnvironment: confirmEnvironmentSchema,
  })
  .refine((input) => input.base.token === input.token, {
    error: ruleText('baseOfOtherUser'),
    path: ['base', 'token'],
  })
  // A record as Retrieve returns it is a few hundred characters; a CONFLICT answer carries it
  // back, so a page cannot make main echo megabytes.
  .refine((input) => JSON.stringify(input.base).length <= MAX_BASE_CHARS, {
    error: ruleText('tooLong', { field: 'base', max: MAX_BASE_CHARS }),
    path: ['base'],
  })

export const userWriteResultSchema = z.object({
  record: userRecordSchema,
  /** Said when the answer was not the record itself: re-read after an empty answer, or reconciled. */
  note: saidSchema.nullable(),
})
export type UserWriteResult = z.output<typeof userWriteResultSchema>

export const authenticateInputSchema = z
  .object({
    identifier: tokenSchema.optional(),
    userToken: userTokenSchema.optional(),
    installationGuid: installationGuidSchema.optional(),
  })
  .refine((input) => (input.identifier === undefined) !== (input.userToken === undefined), {
    error: ruleText('identifierOrUserToken'),
    path: ['identifier'],
  })
export type AuthenticateInput = z.input<typeof authenticateInputSchema>

export const authenticateResultSchema = sessionSchema.extend({
  userTokenSent: z.string(),
  installationGuidSent: z.string(),
  userTokenScheme: userTokenSchemeSchema,
  /** false when the user typed the userToken themselves. */
  userTokenComputed: z.boolean(),
})
export type AuthenticateResult = z.output<typeof authenticateResultSchema>

export const verifyJwtInputSchema = z.object({
  jwt: z
    .string({ error: ruleText('jwtNotText') })
    .trim()
    .min(1, { error: ruleText('jwtEmpty') })
    .max(16_384, { error: ruleText('jwtTooLong', { max: 16_384 }) }),
})

export const activityListSchema = z.object({ entries: z.array(activityEntrySchema) })

/** The window's colours: the operating system's, or always light, or always dark. */
export const THEMES = ['system', 'light', 'dark'] as const
const themeSchema = z.enum(THEMES)
export type Theme = z.output<typeof themeSchema>

/**
 * The user's choices for the window: a null language follows the operating system's. A theme is
 * absent from a file written before it could be chosen, which follows the operating system too.
 */
export const preferencesSchema = z.object({
  language: languageSchema.nullable(),
  theme: themeSchema.optional(),
})
export type Preferences = z.output<typeof preferencesSchema>

/** What one switcher changes: the choices it leaves out stay as they were. */
export const preferencesChangeSchema = preferencesSchema.partial()
export type PreferencesChange = z.output<typeof preferencesChangeSchema>

/** Which face of the console the core serves: the Electron window, the browser shell, the CLI. */
const FACES = ['electron', 'browser-shell', 'cli'] as const
const faceSchema = z.enum(FACES)
export type Face = z.output<typeof faceSchema>

export const appInfoSchema = z.object({
  version: z.string(),
  face: faceSchema,
  keychain: z.object({ available: z.boolean(), said: saidSchema.nullable() }),
  sandbox: z.object({
    state: z.enum(['starting', 'running', 'stopped', 'failed']),
    baseUrl: z.string().nullable(),
    said: saidSchema.nullable(),
  }),
})
export type AppInfo = z.output<typeof appInfoSchema>

const FILE_PURPOSES = ['open', 'save'] as const
const filePurposeSchema = z.enum(FILE_PURPOSES)
export type FilePurpose = z.output<typeof filePurposeSchema>
/** What a file holds: the bulk screens' CSV and JSON, an environment's certificates and keys. */
const fileFormatSchema = z.enum(['csv', 'json', 'pem', 'pkcs12'])
export type FileFormat = z.output<typeof fileFormatSchema>

/**
 * A file the user chose, as the page knows it: an opaque handle that main maps to the file, and
 * the name to show. The page never holds a path that main would read or write.
 */
export const fileGrantSchema = z.object({ handle: fileHandleSchema, name: z.string() })
export type FileGrant = z.output<typeof fileGrantSchema>

/** A file the user picks in the OS's own dialog: a CSV to read, or where to write one. */
export const fileChoiceInputSchema = z.object({
  purpose: filePurposeSchema,
  format: fileFormatSchema,
  /**
   * The name a save dialog proposes: a plain name, never a path (the page must not point the
   * dialog at ~/.bashrc or into another folder).
   */
  suggestedName: z
    .string()
    .max(255)
    .refine((name) => !/[\\/:]/.test(name) && !name.startsWith('.'), {
      error: ruleText('plainFileName', { field: 'suggestedName' }),
    })
    .optional(),
  /** The any-file filter's name, in the page's language (the dialog's own words are the OS's). */
  allFilesName: z.string().min(1).max(80),
})
export type FileChoiceRequest = z.output<typeof fileChoiceInputSchema>
export const fileChoiceSchema = z.object({
  /** False where the face has no dialog of its own (the browser shell): the path is typed. */
  available: z.boolean(),
  /** null when the dialog was closed without a choice. */
  file: fileGrantSchema.nullable(),
})

/**
 * A path the user typed, where the face has no dialog (the browser shell, the command line):
 * main checks it against the face's rules before it becomes a grant.
 */
export const typedFileInputSchema = z.object({
  purpose: filePurposeSchema,
  format: fileFormatSchema,
  path: filePathSchema,
})

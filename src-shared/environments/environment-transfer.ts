import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { environmentFieldsSchema, type EnvironmentProfile } from './environment'
import { certificateSummarySchema } from './tls-setting'

/** What names a file of environments, and the shape it has (a newer one is refused, not read). */
export const ENVIRONMENTS_FILE_FORMAT = 'integrator-console/environments'
export const ENVIRONMENTS_FILE_VERSION = 1
export const MAX_SHARED_ENVIRONMENTS = 200
/** Up to 200 environments with up to 64 KiB of CA certificates each: larger is not one. */
export const MAX_ENVIRONMENTS_FILE_BYTES = 16 * 1024 * 1024
/** A company's root and intermediates are a few KiB; the OS's whole bundle is not shared. */
export const MAX_SHARED_CA_CHARS = 64 * 1024

// Base64 holds no '-': each block ends at its own END line, in one pass over the text.
export const PEM_CERTIFICATE_BLOCK =
  /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----/g
const onlyCertificates = (text: string) =>
  text.match(PEM_CERTIFICATE_BLOCK) !== null &&
  text.replace(PEM_CERTIFICATE_BLOCK, '').trim() === ''

/**
 * The certificate authorities an environment trusts, as a team shares them: the certificates
 * themselves (public, PEM), never a path of one machine and never a key. The importer's console
 * keeps them in a file of its own data folder.
 */
const sharedTrustSchema = z.strictObject({
  caCertificates: z
    .string({ error: ruleText('sharedCaNotCertificates') })
    .max(MAX_SHARED_CA_CHARS, {
      error: ruleText('tooLong', { field: 'caCertificates', max: MAX_SHARED_CA_CHARS }),
    })
    .refine(onlyCertificates, { error: ruleText('sharedCaNotCertificates') }),
  caOnly: z.boolean({ error: ruleText('yesOrNo', { field: 'caOnly' }) }),
})
export type SharedTrust = z.output<typeof sharedTrustSchema>

/**
 * An environment as a team shares it: what it is, how it is reached and which CAs it trusts;
 * never a secret (the keychain's) and never a file of this machine's (a client certificate and
 * its key: each person adds their own). `trust`: the CA certificates, or null for none (this
 * computer's store alone); left out (a file from before CAs were shared), an import keeps the
 * importer's own. Strict: a file that carries anything else is refused, naming it.
 */
const sharedEnvironmentSchema = environmentFieldsSchema
  .omit({ id: true })
  .extend({ trust: sharedTrustSchema.nullable().optional() })
  .strict()
export type SharedEnvironment = z.output<typeof sharedEnvironmentSchema>

export const environmentsFileSchema = z
  .strictObject({
    format: z.literal(ENVIRONMENTS_FILE_FORMAT, {
      error: ruleText('environmentsFileFormat', { format: ENVIRONMENTS_FILE_FORMAT }),
    }),
    version: z.literal(ENVIRONMENTS_FILE_VERSION, {
      error: ruleText('environmentsFileVersion', { version: ENVIRONMENTS_FILE_VERSION }),
    }),
    environments: z.array(sharedEnvironmentSchema).max(MAX_SHARED_ENVIRONMENTS, {
      error: ruleText('environmentsFileTooMany', { max: MAX_SHARED_ENVIRONMENTS }),
    }),
  })
  .superRefine((file, context) => {
    const seen = new Set<string>()
    file.environments.forEach((environment, index) => {
      const key = environment.name.toLowerCase()
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['environments', index, 'name'],
          message: ruleText('environmentsFileNameTwice', { name: environment.name }),
        })
      seen.add(key)
    })
  })
export type EnvironmentsFile = z.output<typeof environmentsFileSchema>

type SharedField = keyof SharedEnvironment
const SHARED_FIELDS = Object.keys(sharedEnvironmentSchema.shape) as SharedField[]

/** The environment as a file of environments holds it, with the CAs main read from its file. */
export function sharedEnvironment(
  profile: Pick<EnvironmentProfile, Exclude<SharedField, 'trust'>>,
  trust: SharedTrust | null,
): SharedEnvironment {
  const fields = SHARED_FIELDS.filter((field) => field !== 'trust')
  const shared: Record<string, unknown> = { trust }
  for (const field of fields) shared[field] = profile[field]
  return shared as SharedEnvironment
}

const IMPORT_ACTIONS = ['add', 'update', 'same', 'builtIn'] as const
export const importChangeSchema = z.object({
  name: z.string(),
  /** add: new here; update: one of that name differs; same: nothing to do; builtIn: refused. */
  action: z.enum(IMPORT_ACTIONS),
  /** The fields an update would change, by name. */
  fields: z.array(z.string()),
  /**
   * The CA certificates the file would have it trust, as main read them, where that is what the
   * import brings (a new environment with CAs, or other CAs than the ones here): trust is
   * judged by whom the certificates name and until when, not by a field's name.
   */
  certificates: z.array(certificateSummarySchema).optional(),
})
export type ImportChange = z.output<typeof importChangeSchema>

/**
 * What importing `incoming` over `current` (as this console would share it) would do,
 * environment by environment, matched by name in any case. Nothing here writes: the face shows
 * this, and an update happens only for the names the user then says to replace. A file that
 * says nothing of trust leaves the importer's own as it is.
 */
export function importPlan(
  current: readonly (SharedEnvironment & { builtIn: boolean })[],
  incoming: readonly SharedEnvironment[],
): ImportChange[] {
  return incoming.map((environment) => {
    const found = current.find((c) => c.name.toLowerCase() === environment.name.toLowerCase())
    if (!found) return { name: environment.name, action: 'add', fields: [] }
    if (found.builtIn) return { name: environment.name, action: 'builtIn', fields: [] }
    const fields = SHARED_FIELDS.filter(
      (field) =>
        !(field === 'trust' && environment.trust === undefined) &&
        JSON.stringify(found[field]) !== JSON.stringify(environment[field]),
    )
    return { name: environment.name, action: fields.length > 0 ? 'update' : 'same', fields }
  })
}

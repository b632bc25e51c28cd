import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { environmentFieldsSchema, type EnvironmentProfile } from './environment'

/** What names a file of environments, and the shape it has (a newer one is refused, not read). */
export const ENVIRONMENTS_FILE_FORMAT = 'integrator-console/environments'
export const ENVIRONMENTS_FILE_VERSION = 1
export const MAX_SHARED_ENVIRONMENTS = 200

/**
 * An environment as a team shares it: what it is and how it is reached, never a secret (the
 * keychain's) and never a file of this machine's (a CA file, a client certificate: each person
 * adds their own). Strict: a file that carries anything else is refused, naming it.
 */
export const sharedEnvironmentSchema = environmentFieldsSchema.omit({ id: true }).strict()
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

/** The environment as a file of environments holds it. */
export function sharedEnvironment(
  profile: Pick<EnvironmentProfile, SharedField>,
): SharedEnvironment {
  return Object.fromEntries(
    SHARED_FIELDS.map((field) => [field, profile[field]]),
  ) as SharedEnvironment
}

export const IMPORT_ACTIONS = ['add', 'update', 'same', 'builtIn'] as const
export const importChangeSchema = z.object({
  name: z.string(),
  /** add: new here; update: one of that name differs; same: nothing to do; builtIn: refused. */
  action: z.enum(IMPORT_ACTIONS),
  /** The fields an update would change, by name. */
  fields: z.array(z.string()),
})
export type ImportChange = z.output<typeof importChangeSchema>

/**
 * What importing `incoming` over `current` would do, environment by environment, matched by
 * name in any case. Nothing here writes: the face shows this, and an update happens only for
 * the names the user then says to replace.
 */
export function importPlan(
  current: readonly (Pick<EnvironmentProfile, SharedField> & { builtIn: boolean })[],
  incoming: readonly SharedEnvironment[],
): ImportChange[] {
  return incoming.map((environment) => {
    const found = current.find((c) => c.name.toLowerCase() === environment.name.toLowerCase())
    if (!found) return { name: environment.name, action: 'add', fields: [] }
    if (found.builtIn) return { name: environment.name, action: 'builtIn', fields: [] }
    const held = sharedEnvironment(found)
    const fields = SHARED_FIELDS.filter(
      (field) => JSON.stringify(held[field]) !== JSON.stringify(environment[field]),
    )
    return { name: environment.name, action: fields.length > 0 ? 'update' : 'same', fields }
  })
}

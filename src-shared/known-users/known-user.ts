import * as z from 'zod'
import { ruleText } from '../messages'

/** Where the console saw a user: a Look up, a Create, an Update, or a bulk run's row that succeeded. */
const KNOWN_USER_SOURCES = ['read', 'created', 'updated', 'imported'] as const
const knownUserSourceSchema = z.enum(KNOWN_USER_SOURCES)
export type KnownUserSource = z.output<typeof knownUserSourceSchema>

/**
 * A user this console has seen, as the local list keeps it: only what finds them again (email,
 * DNI/NIE, name) and the token that opens them. Never a secret, never the rest of the record.
 */
export const knownUserSchema = z.object({
  environmentId: z.string().min(1).max(200),
  token: z.string().min(1).max(200),
  email: z.string().max(320).nullable(),
  nid_number: z.string().max(40).nullable(),
  firstname: z.string().max(200).nullable(),
  lastname: z.string().max(200).nullable(),
  source: knownUserSourceSchema,
  /** When the console last read or wrote the user (ISO 8601). */
  lastSeen: z.iso.datetime(),
})
export type KnownUser = z.output<typeof knownUserSchema>

/** How long an entry is kept after the console last saw the user. */
export const RETENTION_DAYS = [7, 30, 90] as const
export const retentionDaysSchema = z.union([z.literal(7), z.literal(30), z.literal(90)])

/** Off until the user turns it on: the list holds personal data. */
export const knownUsersSettingsSchema = z.object({
  enabled: z.boolean(),
  retentionDays: retentionDaysSchema,
})
export type KnownUsersSettings = z.output<typeof knownUsersSettingsSchema>
export const KNOWN_USERS_DEFAULTS: KnownUsersSettings = { enabled: false, retentionDays: 30 }

const FIND_TEXT_MAX = 200
export const MAX_FOUND = 50

/** What to look for among the active environment's known users. */
export const findUsersInputSchema = z.object({
  text: z
    .string({ error: ruleText('notText', { field: 'text' }) })
    .max(FIND_TEXT_MAX, { error: ruleText('tooLong', { field: 'text', max: FIND_TEXT_MAX }) }),
})

export const foundUsersSchema = z.object({
  settings: knownUsersSettingsSchema,
  /** The active environment's users that match, the most recently seen first (at most MAX_FOUND). */
  matches: z.array(knownUserSchema).max(MAX_FOUND),
  /** How many match in all, and how many the environment's list holds. */
  matched: z.number().int().nonnegative(),
  known: z.number().int().nonnegative(),
})
export type FoundUsers = z.output<typeof foundUsersSchema>

/** "Forget all": every environment's list is emptied, whichever is active. */
export const forgottenUsersSchema = z.object({ forgotten: z.number().int().nonnegative() })

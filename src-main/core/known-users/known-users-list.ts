import {
  knownUserSchema,
  type KnownUser,
  type KnownUserSource,
} from '../../../src-shared/known-users'
import { secretsFoundIn, type SecretValues } from '../redaction/redact'

const DAY_MS = 86_400_000

/** The first moment an entry is still kept: older ones are dropped on load and on write. */
export function keptSince(now: Date, retentionDays: number): number {
  return now.getTime() - retentionDays * DAY_MS
}

export function withinRetention(
  entries: readonly KnownUser[],
  retentionDays: number,
  now: Date,
): KnownUser[] {
  const since = keptSince(now, retentionDays)
  return entries.filter((entry) => Date.parse(entry.lastSeen) >= since)
}

const keyOf = (entry: KnownUser) => `${entry.environmentId}\u0000${entry.token}`

/** The list with each seen user put in, replacing the entry of the same environment and token. */
export function mergeSeen(current: readonly KnownUser[], seen: readonly KnownUser[]): KnownUser[] {
  const byKey = new Map(current.map((entry) => [keyOf(entry), entry]))
  for (const entry of seen) {
    const held = byKey.get(keyOf(entry))
    if (!held || Date.parse(held.lastSeen) <= Date.parse(entry.lastSeen))
      byKey.set(keyOf(entry), entry)
  }
  return [...byKey.values()]
}

/** What of a user the list keeps: the fields it is found by. */
export interface SeenFields {
  token: string
  email?: string | null | undefined
  nid_number?: string | null | undefined
  firstname?: string | null | undefined
  lastname?: string | null | undefined
}

/**
 * The entry for a user the console saw. A field that holds one of `secrets` is left out, and a
 * token that holds one keeps the user out of the list (null). `secrets` are those hidden from the
 * caller (given-secrets.ts): one it wrote itself is its data, kept as written, since leaving it
 * out would tell a page which of its guesses is a secret.
 */
export function entryOf(
  fields: SeenFields,
  where: { environmentId: string; source: KnownUserSource; at: Date },
  secrets: SecretValues,
): KnownUser | null {
  // In any form a secret can take (percent-encoded, JSON-escaped, base64), as the logs check.
  const holdsSecret = (value: string) => secretsFoundIn(value, secrets).length > 0
  if (holdsSecret(fields.token)) return null
  const kept = (value: string | null | undefined): string | null =>
    value == null || value === '' || holdsSecret(value) ? null : value
  const entry: KnownUser = {
    environmentId: where.environmentId,
    token: fields.token,
    email: kept(fields.email),
    nid_number: kept(fields.nid_number),
    firstname: kept(fields.firstname),
    lastname: kept(fields.lastname),
    source: where.source,
    lastSeen: where.at.toISOString(),
  }
  // The service may answer a field longer than the list keeps: that field is left out, and a
  // user whose token does not fit is not kept at all, so every entry written reads back.
  const checked = knownUserSchema.safeParse(entry)
  if (checked.success) return entry
  const unfit = new Set(checked.error.issues.map((issue) => issue.path[0]))
  const fitted = { ...entry }
  for (const field of SEARCHED_FIELDS) if (unfit.has(field)) fitted[field] = null
  return knownUserSchema.safeParse(fitted).success ? fitted : null
}

const SEARCHED_FIELDS = ['email', 'nid_number', 'firstname', 'lastname'] as const

import type { UserRecord } from '../src-shared/service'
import type { StoredUser } from './user-store'

/**
 * The Retrieve body: the fields the spec lists for Retrieve, flags as `features`, and
 * mobile_phone with the configured prefix. coverage_name and contract_number are stored but,
 * as in the spec, never returned.
 */
export function toUserRecord(user: StoredUser, phonePrefix: string): UserRecord {
  return {
    token: user.token,
    status: user.status,
    email: user.email,
    nid_number: user.nid_number,
    firstname: user.firstname,
    lastname: user.lastname,
    gender: user.gender,
    birthdate: user.birthdate,
    mobile_phone: user.mobile_phone === null ? null : `${phonePrefix}${user.mobile_phone}`,
    description: user.description,
    features: { video_call: user.has_video_call, video_call_1to1: user.has_video_call_1to1 },
    company_group_code: user.company_group_code,
  }
}

/** A seed file's entry: a Create's fields, as the sandbox holds them. */
export type SeedEntry = Partial<Record<Exclude<keyof StoredUser, 'user_hash'>, string | number>>

/**
 * A stored user as a Create would make it again (a seed file's entry): every stored field,
 * coverage_name and contract_number included, the phone without its prefix, unset ones left out.
 * Written as stored, not checked again: a user a rule of an older version let in is exported
 * all the same, and SANDBOX_SEED names it and its field if today's rules refuse it.
 */
export function toSeedEntry(user: StoredUser): SeedEntry {
  const entry: SeedEntry = {}
  for (const [field, value] of Object.entries(user) as [keyof StoredUser, unknown][])
    if (field !== 'user_hash' && (typeof value === 'string' || typeof value === 'number'))
      entry[field] = value
  return entry
}

/** A user as the sandbox keeps it: the service's fields, and the user's fixed user_hash. */
export interface StoredUser {
  token: string
  user_hash: string
  status: number
  email: string | null
  nid_number: string | null
  firstname: string | null
  lastname: string | null
  gender: number | null
  birthdate: string | null
  mobile_phone: string | null
  description: string | null
  has_video_call: number
  has_video_call_1to1: number
  company_group_code: string | null
  coverage_name: string | null
  contract_number: string | null
}

/** The columns a Create or an Update writes. */
export const COLUMNS = [
  'status',
  'email',
  'nid_number',
  'firstname',
  'lastname',
  'gender',
  'birthdate',
  'mobile_phone',
  'description',
  'has_video_call',
  'has_video_call_1to1',
  'company_group_code',
  'coverage_name',
  'contract_number',
] as const

// Each column read, and what it must hold: 't' text, 'n' number, '?' when it may be null.
const READ: readonly (readonly [keyof StoredUser, string])[] = [
  ['token', 't'],
  ['user_hash', 't'],
  ['status', 'n'],
  ['email', 't?'],
  ['nid_number', 't?'],
  ['firstname', 't?'],
  ['lastname', 't?'],
  ['gender', 'n?'],
  ['birthdate', 't?'],
  ['mobile_phone', 't?'],
  ['description', 't?'],
  ['has_video_call', 'n'],
  ['has_video_call_1to1', 'n'],
  ['company_group_code', 't?'],
  ['coverage_name', 't?'],
  ['contract_number', 't?'],
]
export const READ_COLUMNS = READ.map(([column]) => column).join(', ')

/**
 * A row read as an array (libsql's raw mode: no object per row to build and throw away), checked
 * column by column: Retrieve is the call a test suite makes most.
 */
export function storedUserOf(values: unknown): StoredUser {
  if (!Array.isArray(values) || values.length !== READ.length)
    throw new Error('the users table does not have the columns the sandbox reads')
  const user: Record<string, unknown> = {}
  for (let index = 0; index < READ.length; index++) {
    const [column, kind] = READ[index] as (typeof READ)[number]
    const value: unknown = values[index]
    const fits =
      (value === null && kind.endsWith('?')) ||
      typeof value === (kind.startsWith('t') ? 'string' : 'number')
    if (!fits) throw new Error(`the users table holds an unexpected ${column}`)
    user[column] = value
  }
  return user as unknown as StoredUser
}

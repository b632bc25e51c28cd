import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../../src-shared/environments'

/** The keychain entry beside an environment's secrets that says what they were set for. */
export const BINDING = 'boundTo'
export const ENTRIES = [...SECRET_NAMES, BINDING] as const
export type Entry = (typeof ENTRIES)[number]
/** Secrets most environments never have: a search that shows the others may vouch they are unset. */
const OPTIONAL: readonly Entry[] = ['proxyPassword', 'clientKeyPassphrase']

export const account = (environmentId: string, name: SecretName | typeof BINDING) =>
  `${environmentId}/${name}`

/** The environment an account belongs to. */
export const environmentOf = (key: string) => key.slice(0, key.lastIndexOf('/'))

/**
 * What one search of the keychain settles about an environment's entries, by account: each it
 * lists, and, when it lists the binding, the optional secrets it leaves out as never set. The
 * binding is written before any secret is (see bound-secrets.ts), so a search that lists it shows
 * the environment's entries readable; nothing else is taken from its silence (a keychain may leave
 * out an item it cannot read).
 */
export function searchFindings(
  environmentId: string,
  found: ReadonlyMap<string, string> | null,
): Map<string, string | null> {
  const vouched = found?.has(account(environmentId, BINDING)) === true
  const settled = new Map<string, string | null>()
  for (const name of ENTRIES) {
    const key = account(environmentId, name)
    const unset = vouched && OPTIONAL.includes(name) ? null : undefined
    const secret = found?.get(key) ?? unset
    if (secret !== undefined) settled.set(key, secret)
  }
  return settled
}

/**
 * Which secrets are set. Given the binding the environment has now, secrets set for another
 * origin or kind count as not set: they will never be sent.
 */
export function statusOf(
  secrets: Record<Entry, string | null>,
  binding: string | undefined,
): SecretStatus {
  const elsewhere = binding !== undefined && secrets.boundTo !== null && secrets.boundTo !== binding
  return Object.fromEntries(
    SECRET_NAMES.map((name) => [name, !elsewhere && secrets[name] !== null]),
  ) as SecretStatus
}

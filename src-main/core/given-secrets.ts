import { secretsFoundIn, type SecretValues } from './redact'

/** The secrets a call hides, made when first asked for: the environment's less those given. */
export type Hidden = () => SecretValues

/** Each table's tables without some of its values, by the values left out: their matchers are built once. */
const narrowed = new WeakMap<SecretValues, Map<string, SecretValues>>()

/**
 * The secrets to hide from what a call shows, given the texts the caller itself wrote in it (a
 * token, a description, a query: what the page sent). A secret any form of which the caller wrote
 * is not hidden from it: hiding it where the service echoes that text would confirm a guess, and
 * a page could test a dictionary against the keys. It learns nothing it did not write, and what
 * it did not write stays hidden. Letter case is ignored: a service may echo a value in another.
 */
export function secretsNotGiven(
  secrets: SecretValues,
  given: readonly (string | null)[],
): SecretValues {
  const text = given.filter((part) => part !== null).join('\n')
  if (text === '' || secrets.size === 0) return secrets
  const written = secretsFoundIn(text, secrets)
  if (written.size === 0) return secrets
  const key = [...written].sort().join('\u0000')
  let byKey = narrowed.get(secrets)
  if (byKey === undefined) narrowed.set(secrets, (byKey = new Map<string, SecretValues>()))
  let table = byKey.get(key)
  if (table === undefined) {
    table = new Map([...secrets].filter(([value]) => !written.has(value)))
    byKey.set(key, table)
  }
  return table
}

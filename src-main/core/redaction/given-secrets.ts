import { secretsFoundIn, type SecretValues } from './redact'

/**
 * The secrets the caller of this core has itself written in what it sent: a token looked up, a
 * description stored, a base URL's path, a file's rows. Such a secret is not hidden from it
 * again, anywhere, for as long as the core runs: hiding it where the service echoes that text,
 * in that call or in any later one (a Retrieve of what was stored), would confirm a guess, and a
 * page could test a dictionary against the keys. What the caller never wrote stays hidden.
 */
export function createGivenSecrets() {
  const written = new Set<string>()
  /** Each table less each set of written values, built once: their matchers are built once. */
  const narrowed = new WeakMap<SecretValues, Map<string, SecretValues>>()

  return {
    /** Notes the secrets any form of which stands in what is about to be sent. */
    note(texts: readonly (string | null)[], secrets: SecretValues): void {
      for (const text of texts)
        if (text !== null && text !== '')
          for (const value of secretsFoundIn(text, secrets)) written.add(value)
    },

    /** The secrets to hide from the caller: the table less those it wrote. */
    hidden(secrets: SecretValues): SecretValues {
      const given = [...secrets.keys()].filter((value) => written.has(value))
      if (given.length === 0) return secrets
      const key = given.join('\u0000')
      let byKey = narrowed.get(secrets)
      if (byKey === undefined) narrowed.set(secrets, (byKey = new Map<string, SecretValues>()))
      let table = byKey.get(key)
      if (table === undefined) {
        table = new Map([...secrets].filter(([value]) => !written.has(value)))
        byKey.set(key, table)
      }
      return table
    },
  }
}
export type GivenSecrets = ReturnType<typeof createGivenSecrets>

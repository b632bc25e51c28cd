import { SECRET_PLACEHOLDERS } from '../../src-shared/activity'
import { AppError } from './app-error'

/** Each secret value of an environment, mapped to the placeholder shown in its place. */
export type SecretValues = ReadonlyMap<string, string>

const URL_SECRET_PLACEHOLDER = '$URL_SECRET'

/**
 * Every secret value an environment's calls could expose: its apiKey, secretKey and userToken
 * secret, and anything credential-like in its base URL (user info, query values). A service or a
 * gateway may echo any of them back in a body, a header or an error text.
 */
export function secretValuesOf(
  baseUrl: string,
  secrets: { apiKey: string; secretKey: string; userTokenSecret: string | null },
): SecretValues {
  const values = new Map<string, string>([
    [secrets.apiKey, SECRET_PLACEHOLDERS.apiKey],
    [secrets.secretKey, SECRET_PLACEHOLDERS.secretKey],
  ])
  if (secrets.userTokenSecret !== null)
    values.set(secrets.userTokenSecret, SECRET_PLACEHOLDERS.userTokenSecret)
  try {
    const url = new URL(baseUrl)
    const inUrl = [url.username, url.password, ...url.searchParams.values()]
    for (const value of inUrl) {
      if (value === '') continue
      values.set(value, URL_SECRET_PLACEHOLDER)
      values.set(encodeURIComponent(value), URL_SECRET_PLACEHOLDER)
    }
  } catch {
    // Not a URL: nothing in it to hide (the environment rules refuse such a profile anyway).
  }
  return values
}

/** Each table's values, longest first, worked out once: redaction runs on every call's texts. */
const orderedValues = new WeakMap<SecretValues, ReadonlyArray<readonly [string, string]>>()

function longestFirst(secrets: SecretValues): ReadonlyArray<readonly [string, string]> {
  let ordered = orderedValues.get(secrets)
  if (ordered === undefined) {
    ordered = [...secrets]
      .filter(([value]) => value.length > 0)
      .sort(([a], [b]) => b.length - a.length)
    orderedValues.set(secrets, ordered)
  }
  return ordered
}

/**
 * Replaces every occurrence of each secret value with its placeholder, the longest values first
 * so that a secret containing another is hidden whole.
 */
export function redact(text: string, secrets: SecretValues): string {
  let result = text
  for (const [value, placeholder] of longestFirst(secrets)) {
    if (result.includes(value)) result = result.replaceAll(value, () => placeholder)
  }
  return result
}

/** The same error with every text in it (message, detail, field names and messages) redacted. */
export function redactError(error: AppError, secrets: SecretValues): AppError {
  const scrub = (text: string) => redact(text, secrets)
  let fieldErrors = error.fieldErrors
  if (fieldErrors !== undefined) {
    const scrubbed = Object.create(null) as NonNullable<typeof fieldErrors>
    for (const [name, messages] of Object.entries(fieldErrors))
      Object.defineProperty(scrubbed, scrub(name), {
        value: messages.map(scrub),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    fieldErrors = scrubbed
  }
  return new AppError(error.code, scrub(error.message), {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(fieldErrors === undefined ? {} : { fieldErrors }),
    ...(error.detail === undefined ? {} : { detail: scrub(error.detail) }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  })
}

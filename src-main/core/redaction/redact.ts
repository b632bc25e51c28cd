import { MIN_SECRET_CHARS, SECRET_PLACEHOLDERS } from '../../../src-shared/activity'

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
  secrets: {
    apiKey: string
    secretKey: string
    userTokenSecret: string | null
    proxyPassword?: string | null
    clientKeyPassphrase?: string | null
  },
): SecretValues {
  const values = new Map<string, string>([
    [secrets.apiKey, SECRET_PLACEHOLDERS.apiKey],
    [secrets.secretKey, SECRET_PLACEHOLDERS.secretKey],
  ])
  if (secrets.userTokenSecret !== null)
    values.set(secrets.userTokenSecret, SECRET_PLACEHOLDERS.userTokenSecret)
  if (secrets.proxyPassword != null)
    values.set(secrets.proxyPassword, SECRET_PLACEHOLDERS.proxyPassword)
  if (secrets.clientKeyPassphrase != null)
    values.set(secrets.clientKeyPassphrase, SECRET_PLACEHOLDERS.clientKeyPassphrase)
  try {
    const url = new URL(baseUrl)
    // A value too short to be a credential (`?version=2`) would be hidden all over every text.
    for (const value of [url.username, url.password, ...url.searchParams.values()])
      if (value.length >= MIN_SECRET_CHARS) values.set(value, URL_SECRET_PLACEHOLDER)
  } catch {
    // Not a URL: nothing in it to hide (the environment rules refuse such a profile anyway).
  }
  return values
}

// ---------------------------------------------------------------------------------------------
// The forms a secret is echoed in

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')
}

/** Hex digits in either case: services write both %2f and %2F, both \u00e9 and \u00E9. */
function hexPattern(value: number, digits: number): string {
  return value
    .toString(16)
    .padStart(digits, '0')
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`)
}

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1)
const BACKSLASH = escapeRegExp('\\')

/**
 * Every way one character of a secret is written where a service echoes it: as itself; escaped
 * in a JSON string, once or twice (a JSON text quoted inside another, as gateways wrap an
 * upstream error), `\uXXXX` included; percent-encoded in a URL or a form, in either case.
 */
function characterPattern(char: string): string {
  const once = new Set([char, jsonEscaped(char), char === '/' ? '\\/' : char])
  const literals = new Set([...once, ...[...once].map(jsonEscaped)])
  const ways = [...literals].map(escapeRegExp)
  const units = Array.from({ length: char.length }, (_, i) => char.charCodeAt(i))
  ways.push(units.map((unit) => `${BACKSLASH}{1,2}u${hexPattern(unit, 4)}`).join(''))
  ways.push(Array.from(Buffer.from(char), (byte) => `%${hexPattern(byte, 2)}`).join(''))
  if (char === ' ') ways.push('\\+')
  return `(?:${ways.join('|')})`
}

/** Standard and URL-safe base64 of some bytes, without the padding, and with it if asked. */
function base64Texts(bytes: Buffer, { padded = false } = {}): string[] {
  const standard = bytes.toString('base64')
  const texts = [standard.replace(/=+$/, ''), bytes.toString('base64url')]
  return [...new Set(padded ? [standard, ...texts] : texts)]
}

// Where the secret starts in its 3-byte group decides how many leading characters also carry
// bits of the bytes before it; how many bytes it leaves in its last group, the trailing ones.
const MIXED_LEADING = [0, 2, 3] as const
const MIXED_TRAILING = [0, 1, 2] as const

/**
 * The characters that stand for the secret alone wherever it sits in a longer base64 text, at
 * each of the three alignments: a base64 text whose decoded bytes hold it holds one of these.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret)
  return [0, 1, 2].flatMap((shift) => {
    const encoded = base64Texts(Buffer.concat([Buffer.alloc(shift), bytes]))
    const leading = MIXED_LEADING[shift] ?? 0
    const trailing = MIXED_TRAILING[(shift + bytes.length) % 3] ?? 0
    return encoded.map((text) => text.slice(leading, text.length - trailing))
  })
}

interface Form {
  source: string
  /** How long its match is, at least: longer forms are tried first, so the longest is hidden whole. */
  length: number
  placeholder: string
  /** The value (or pair) it stands for: each value's forms are matched on their own. */
  of: string
}

/** Basic credentials pair two of the environment's own secrets, `user:password`, in any order. */
const PAIRED = new Set<string>(Object.values(SECRET_PLACEHOLDERS))

function formsOf(secrets: SecretValues): Form[] {
  const forms: Form[] = []
  const literal = (text: string, placeholder: string, of: string) =>
    forms.push({ source: escapeRegExp(text), length: text.length, placeholder, of })
  for (const [value, placeholder] of secrets) {
    if (value === '') continue
    forms.push({
      source: Array.from(value, characterPattern).join(''),
      length: value.length,
      placeholder,
      of: value,
    })
    // A shorter value's base64 characters could stand in ordinary text: setting such a secret is
    // refused (secretValueSchema), but an older stored secret may be one.
    if (value.length < MIN_SECRET_CHARS) continue
    for (const text of base64Forms(value)) literal(text, placeholder, value)
    if (!PAIRED.has(placeholder)) continue
    for (const [other, otherPlaceholder] of secrets)
      if (other !== value && other.length >= MIN_SECRET_CHARS && PAIRED.has(otherPlaceholder))
        for (const text of base64Texts(Buffer.from(`${value}:${other}`), { padded: true }))
          literal(text, `${placeholder}:${otherPlaceholder}`, `${value}:${other}`)
  }
  return forms.sort((a, b) => b.length - a.length)
}

/** One value's forms as one pattern, and the placeholder each alternative stands for. */
interface Matcher {
  of: string
  pattern: RegExp
  placeholders: string[]
}

/** Each table's matchers, built once: redaction runs on every call's texts. */
const matchers = new WeakMap<SecretValues, Matcher[]>()

function matchersFor(secrets: SecretValues): Matcher[] {
  let built = matchers.get(secrets)
  if (built === undefined) {
    const byValue = new Map<string, Form[]>()
    for (const form of formsOf(secrets))
      byValue.set(form.of, [...(byValue.get(form.of) ?? []), form])
    built = [...byValue].map(([of, forms]) => ({
      of,
      pattern: new RegExp(forms.map((form) => `(${form.source})`).join('|'), 'g'),
      placeholders: forms.map((form) => form.placeholder),
    }))
    matchers.set(secrets, built)
  }
  return built
}

interface Found {
  start: number
  end: number
  placeholder: string
}

/** Where one value's forms occur in the text. */
function occurrences(text: string, { pattern, placeholders }: Matcher): Found[] {
  const found: Found[] = []
  for (const match of text.matchAll(pattern)) {
    const index = match.slice(1).findIndex((group) => typeof group === 'string')
    found.push({
      start: match.index,
      end: match.index + match[0].length,
      placeholder: placeholders[index] ?? '',
    })
  }
  return found
}

/**
 * Replaces every form of each secret value with its placeholder: as it is, JSON-escaped,
 * percent-encoded, in base64 on its own or inside a longer base64 text, and two secrets as a
 * Basic credential. Each value is looked for on its own and every place any of them covers is
 * hidden: one combined pattern would let a value that overlaps the start of another (a URL
 * query value, a userToken secret: the page may set those) take its first characters, so the
 * rest of it would no longer be recognised. Redact before clipping: a secret cut in two is no
 * longer recognised either.
 */
export function redact(text: string, secrets: SecretValues): string {
  const found = matchersFor(secrets)
    .flatMap((matcher) => occurrences(text, matcher))
    .sort((a, b) => a.start - b.start || b.end - a.end)
  if (found.length === 0) return text
  let result = ''
  let at = 0
  let open: { end: number; placeholders: string[] } | undefined
  const close = () => {
    if (open) result += [...new Set(open.placeholders)].join('')
    open = undefined
  }
  for (const { start, end, placeholder } of found) {
    if (open && start < open.end) {
      // Inside a longer find (a secret within another, one half of a Basic pair): hidden whole
      // by it. Only a find that runs past it adds its own name.
      if (end > open.end) {
        open.end = end
        open.placeholders.push(placeholder)
      }
      continue
    }
    const from = open ? open.end : at
    close()
    result += text.slice(from, start)
    open = { end, placeholders: [placeholder] }
    at = end
  }
  const last = open?.end ?? at
  close()
  return result + text.slice(last)
}

/** The secret values any form of which stands in the text, as redact would find them. */
export function secretsFoundIn(text: string, secrets: SecretValues): string[] {
  return matchersFor(secrets)
    .filter(({ pattern }) => text.search(pattern) !== -1)
    .map(({ of }) => of)
}

import { describe, expect, it } from 'vitest'
import { ruleSaid } from '../messages/rule-messages'
import { environmentDraftSchema, environmentProfileSchema } from './environment'
import {
  environmentNameSchema,
  storedEnvironmentNameSchema,
  visibleEnvironmentName,
} from './environment-name'
import { ENVIRONMENTS_FILE_FORMAT, environmentsFileSchema } from './environment-transfer'

/** The rule a name breaks, by its message's id, or null when the name is taken. */
function refusal(name: string): string | null {
  const parsed = environmentNameSchema.safeParse(name)
  if (parsed.success) return null
  return ruleSaid(parsed.error.issues[0]?.message ?? '')?.id ?? 'unknown rule'
}

const ALL_HIDDEN = {
  // Each one turns what follows it around, or isolates or marks a direction.
  direction: [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
  ],
  control: ['\n', '\r', '\t', '\u0000', '\u001B', '\u007F', '\u0085', '\u009B', '\u2028', '\u2029'],
  invisible: [
    '\u200B',
    '\u200C',
    '\u200D',
    '\u2060',
    '\uFEFF',
    '\u00AD',
    '\u180E',
    '\u2061',
    '\u3164',
    '\u115F',
    '\uFFA0',
    '\u034F',
    '\uFE0F',
    '\u{E0041}',
    '\u{1D173}',
  ],
  broken: ['\uD800', '\uDC00'],
} as const

const RULE_OF: Record<keyof typeof ALL_HIDDEN, string> = {
  direction: 'rule.directionCharacters',
  control: 'rule.controlCharacters',
  invisible: 'rule.invisibleCharacters',
  broken: 'rule.unpairedSurrogate',
}

describe("an environment's name", () => {
  it.each(Object.entries(ALL_HIDDEN))(
    'refuses %s characters inside it, naming the field and the kind of character',
    (kind, characters) => {
      for (const character of characters) {
        const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase()}`
        expect(refusal(`Prod${character}uction`), code).toBe(
          RULE_OF[kind as keyof typeof ALL_HIDDEN],
        )
        const said = ruleSaid(
          environmentNameSchema.safeParse(`Prod${character}uction`).error?.issues[0]?.message ?? '',
        )
        expect(said?.values, code).toEqual({ field: 'name' })
      }
    },
  )

  it('reads no differently than it shows: "Prod" + U+202E + "noitcudorp" is refused', () => {
    expect(refusal('Staging \u202Enoitcudorp')).toBe('rule.directionCharacters')
  })

  it('takes what people write, in any script, with accents, emoji and inner spaces', () => {
    for (const name of [
      'Producción',
      'Staging EU – 2',
      'ステージング',
      'פרודקשן',
      'إنتاج',
      '🔴 Production',
      'Prod (old) #2',
    ])
      expect(refusal(name), name).toBeNull()
  })

  it('trims the ends, as before, and keeps its length and empty rules', () => {
    expect(environmentNameSchema.parse('  Staging \n')).toBe('Staging')
    expect(refusal('   ')).toBe('rule.notEmpty')
    expect(refusal('x'.repeat(61))).toBe('rule.tooLong')
  })

  it('is the rule of every route a name comes in by: the edit form, a stored profile, a shared file', () => {
    const draft = {
      name: 'Prod\u200Buction',
      baseUrl: 'https://api.example.com',
      kind: 'production',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 15_000,
    }
    expect(environmentDraftSchema.safeParse(draft).success).toBe(false)
    expect(environmentProfileSchema.safeParse({ ...draft, id: 'p' }).success).toBe(false)
    const file = { format: ENVIRONMENTS_FILE_FORMAT, version: 1, environments: [draft] }
    const imported = environmentsFileSchema.safeParse(file)
    expect(
      imported.error?.issues.map((issue) => [issue.path, ruleSaid(issue.message)?.id]),
    ).toEqual([[['environments', 0, 'name'], 'rule.invisibleCharacters']])
  })
})

describe('a name stored before the rule', () => {
  it('loads with each refused character made visible, one mark for each', () => {
    expect(visibleEnvironmentName('Prod\nWrite\u202Eeton\u200B')).toBe('Prod␊Write\uFFFDeton\uFFFD')
    expect(storedEnvironmentNameSchema.parse(' Prod\u0007\u007F\uD800 ')).toBe('Prod␇␡\uFFFD')
    expect(storedEnvironmentNameSchema.parse('\u200B\u200B')).toBe('\uFFFD\uFFFD')
    expect(refusal(storedEnvironmentNameSchema.parse('\u2067Staging\u2069'))).toBeNull()
  })

  it('is left as it was when it breaks no rule', () => {
    expect(storedEnvironmentNameSchema.parse('Producción 🔴')).toBe('Producción 🔴')
  })
})

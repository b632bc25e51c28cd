import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pickLanguage } from './languages'
import { SHARED_MESSAGES } from './shared-messages'

/** The Spanish catalog's msgid → msgstr (this catalog's entries are single-line). */
function spanishCatalog(): Map<string, string> {
  const text = readFileSync(new URL('./locales/es.po', import.meta.url), 'utf8')
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  return new Map(
    [...text.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm)].map(
      ([, id = '""', message = '""']) => [unquote(id), unquote(message)],
    ),
  )
}

const placeholders = (message: string) => [...message.matchAll(/\{\w+\}/g)].map(([name]) => name)

describe('the Spanish catalog', () => {
  const spanish = spanishCatalog()

  it('says every message, with the same placeholders', () => {
    for (const { id, message } of Object.values(SHARED_MESSAGES)) {
      const translated = spanish.get(id)
      expect(translated, id).toBeTruthy()
      expect(placeholders(translated ?? '').sort(), id).toEqual(placeholders(message).sort())
      // An apostrophe before a brace would quote the placeholder in ICU MessageFormat.
      expect(translated, id).not.toMatch(/'[{}]/)
    }
  })
})

describe('pickLanguage', () => {
  it('takes the first language the console speaks, from browser tags or LANG values', () => {
    expect(pickLanguage(['es-ES', 'en'])).toBe('es')
    expect(pickLanguage(['ca-ES', 'es'])).toBe('es')
    expect(pickLanguage(['es_ES.UTF-8'])).toBe('es')
    expect(pickLanguage(['en-GB', 'es'])).toBe('en')
  })

  it('falls back to English for languages it does not speak, and for none', () => {
    expect(pickLanguage(['fr-FR', 'de'])).toBe('en')
    expect(pickLanguage(['C.UTF-8'])).toBe('en')
    expect(pickLanguage([])).toBe('en')
  })
})

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pickLanguage } from './languages'
import { SHARED_MESSAGES } from './shared-messages'

/** A catalog's msgid → msgstr (these catalogs' entries are single-line). */
function catalog(language: 'en' | 'es'): Map<string, string> {
  const text = readFileSync(new URL(`./locales/${language}.po`, import.meta.url), 'utf8')
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  return new Map(
    [...text.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm)].map(
      ([, id = '""', message = '""']) => [unquote(id), unquote(message)],
    ),
  )
}

const placeholders = (message: string) => [...message.matchAll(/\{\w+\}/g)].map(([name]) => name)

describe('the English catalog', () => {
  // The page words every message from its catalog, English too: a text changed in a table and
  // not extracted again would still be said the old way (`npm run i18n:extract` overwrites it).
  it('says every message as its table writes it', () => {
    const english = catalog('en')
    for (const { id, message } of Object.values(SHARED_MESSAGES))
      expect(english.get(id), id).toBe(message)
  })
})

describe('the Spanish catalog', () => {
  const spanish = catalog('es')

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

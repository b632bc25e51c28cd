import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CLI_MESSAGES } from './cli-messages'

/** The Spanish catalog's msgid → msgstr (its entries are single-line). */
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

describe("the command line's own messages", () => {
  it('each have their Spanish, with the same placeholders, and ids of their own', () => {
    const spanish = spanishCatalog()
    const ids = Object.values(CLI_MESSAGES).map(({ id }) => id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { id, message } of Object.values(CLI_MESSAGES)) {
      expect(id).toMatch(/^cli\./)
      const translated = spanish.get(id)
      expect(translated, id).toBeTruthy()
      expect(placeholders(translated ?? '').sort(), id).toEqual(placeholders(message).sort())
      expect(translated, id).not.toMatch(/'[{}]/)
    }
  })
})

import { describe, expect, it } from 'vitest'
import { said } from '../../../src-shared/messages'
import { messageTranslator } from './message-translator'

// The example the "Add a message" recipe points at: what the command line says of a message the
// core produced, from its id and values, in each language.
const unreachable = said('unreachableCode', { url: 'http://127.0.0.1:9', code: 'ECONNREFUSED' })
const summary = said('invalidInputSummary', { field: 'apiKey', message: said('secretEmpty') })

describe('the command line’s words for a message', () => {
  it('are its English text when the language is English', async () => {
    const say = await messageTranslator('en')
    expect(say(unreachable)).toBe('Could not reach http://127.0.0.1:9 (ECONNREFUSED)')
  })

  it('come from the Spanish catalog by id, with the values in their places', async () => {
    const say = await messageTranslator('es')
    expect(say(unreachable)).toBe('No se pudo conectar con http://127.0.0.1:9 (ECONNREFUSED)')
  })

  it('word a message quoted inside another in the same language', async () => {
    const say = await messageTranslator('es')
    expect(say(summary)).toBe('Entrada no válida: apiKey: el secreto no puede estar vacío')
  })
})

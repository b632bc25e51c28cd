import { describe, expect, it } from 'vitest'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { messageTranslator } from '../i18n/message-translator'
import { stoppedBy, tryingAgain } from './run-words'

// What a service that went down gives each row: a clause with no full stop of its own.
const refused = new AppError(
  'NETWORK',
  said('unreachableCode', { url: 'http://127.0.0.1:9', code: 'ECONNREFUSED' }),
)

describe('what the run says of a failure it quotes', () => {
  it('closes a bare clause with a full stop before its own sentence', () => {
    expect(stoppedBy(refused).said.text).toBe(
      'Could not reach http://127.0.0.1:9 (ECONNREFUSED). Fix it, then resume the run.',
    )
    expect(tryingAgain(refused, 1500).text).toBe(
      'Could not reach http://127.0.0.1:9 (ECONNREFUSED). Trying again in 2 s.',
    )
  })

  it('leaves a sentence that has its full stop as it is', () => {
    const declined = new AppError('UNAUTHORIZED', said('answerUnauthorized'))
    expect(declined.said.text).toMatch(/\.$/)
    expect(stoppedBy(declined).said.text).toBe(`${declined.said.text} Fix it, then resume the run.`)
  })

  it('says it so in Spanish too', async () => {
    const say = await messageTranslator('es')
    expect(say(stoppedBy(refused).said)).toBe(
      'No se pudo conectar con http://127.0.0.1:9 (ECONNREFUSED). Corrígelo y reanuda la ejecución.',
    )
  })
})

import { describe, expect, it } from 'vitest'
import { recognizeSharedText, translateText, type SayMessage } from '../../src-shared/messages'
import { errorFromAnswer } from './answer-errors'
import type { HttpAnswer } from './http-exchange'

function answer(status: number, text: string, headers: Record<string, string> = {}): HttpAnswer {
  return { status, text, headers: { get: (name) => headers[name.toLowerCase()] ?? null } }
}

const NO_SECRETS = new Map<string, string>()

/** A face's `say` that shows which message it said, with which values. */
const say: SayMessage = (id, values) => `${id}(${JSON.stringify(values)})`

describe('errorFromAnswer', () => {
  it('tells a refusal in one English sentence a face can say part by part', () => {
    const error = errorFromAnswer(
      answer(429, JSON.stringify({ detail: 'email is required' }), { 'retry-after': '30' }),
      NO_SECRETS,
    )
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toBe(
      'The service is rate limiting calls. Wait a moment and try again. Service said: email is required Retry after 30 s.',
    )
    expect(translateText(error.message, say, recognizeSharedText)).toBe(
      say('answer.retryAfter', {
        message: say('answer.serviceSaid', {
          message: say('answer.rateLimited', {}),
          said: say('rule.required', { field: 'email' }),
        }),
        seconds: '30',
      }),
    )
  })

  it('keeps what a real service said in its own words', () => {
    const error = errorFromAnswer(answer(302, 'Moved elsewhere'), NO_SECRETS)
    expect(error.code).toBe('UNEXPECTED_RESPONSE')
    expect(translateText(error.message, say, recognizeSharedText)).toBe(
      say('answer.serviceSaid', {
        message: say('answer.unexpectedStatus', { status: '302' }),
        said: 'Moved elsewhere',
      }),
    )
  })

  it('does not repeat a default the service said itself', () => {
    expect(errorFromAnswer(answer(404, 'The service has no such user.'), NO_SECRETS).message).toBe(
      'The service has no such user.',
    )
  })
})

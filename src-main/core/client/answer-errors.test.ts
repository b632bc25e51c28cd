import { describe, expect, it } from 'vitest'
import { wordSaid, type SayById } from '../../../src-shared/messages'
import { FIELD_ERROR_LIMITS } from '../errors/field-errors'
import { errorFromAnswer } from './answer-errors'
import type { HttpAnswer } from './send-once'
import { secretValuesOf } from '../redaction/redact'

function answer(status: number, text: string, headers: Record<string, string> = {}): HttpAnswer {
  return { status, text, headers: { get: (name) => headers[name.toLowerCase()] ?? null } }
}

const NO_SECRETS = new Map<string, string>()

/** A face that shows which message it said, with which values. */
const say = (id: string, values: Record<string, string | number>) =>
  `${id}(${JSON.stringify(values)})`
const sayById: SayById = say

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
    expect(wordSaid(error.said, sayById)).toBe(
      say('answer.retryAfter', {
        message: say('answer.serviceSaid', {
          message: say('answer.rateLimited', {}),
          said: say('rule.required', { field: 'email' }),
        }),
        seconds: 30,
      }),
    )
  })

  it("says each thing once: words that repeat the console's are left out, a refusal is its reason", () => {
    const repeated = errorFromAnswer(
      answer(409, JSON.stringify({ detail: 'A user with this token already exists' })),
      NO_SECRETS,
    )
    expect(repeated.message).toBe('A user with this token already exists.')
    const noAccess = errorFromAnswer(
      answer(
        403,
        JSON.stringify({ detail: 'The user has status 3 (No Access) and cannot start a session' }),
      ),
      NO_SECRETS,
    )
    expect(noAccess.message).toBe(
      'The service refused: The user has status 3 (No Access) and cannot start a session.',
    )
    expect(wordSaid(noAccess.said, sayById)).toBe(
      say('answer.refusedSaying', { said: say('sandbox.noAccess', {}) }),
    )
  })

  it('keeps what a real service said in its own words', () => {
    const error = errorFromAnswer(answer(302, 'Moved elsewhere'), NO_SECRETS)
    expect(error.code).toBe('UNEXPECTED_RESPONSE')
    expect(wordSaid(error.said, sayById)).toBe(
      say('answer.serviceSaid', {
        message: say('answer.unexpectedStatus', { status: 302 }),
        said: say('core.asWritten', { text: 'Moved elsewhere' }),
      }),
    )
  })

  it('says a Retry-After given as a date in seconds, and a long answer of the service on one line, cut short', () => {
    const later = new Date(Date.now() + 90_000).toUTCString()
    const error = errorFromAnswer(
      answer(503, JSON.stringify({ errors: { email: [`bad\n${'x'.repeat(5000)}`] } }), {
        'retry-after': later,
      }),
      NO_SECRETS,
    )
    expect(error.said).toMatchObject({ id: 'answer.retryAfter' })
    expect(error.said.values.seconds).toBeGreaterThan(60)
    const [email] = error.fieldErrors?.email ?? []
    expect(email?.id).toBe('core.asWritten')
    expect(email?.text).toMatch(/^bad x+$/)
    expect(email?.text.length).toBeLessThanOrEqual(300)
  })

  it('does not repeat a default the service said itself', () => {
    expect(errorFromAnswer(answer(404, 'The service has no such user.'), NO_SECRETS).message).toBe(
      'The service has no such user.',
    )
  })

  it('redacts what the service said before clipping it, in the message and the field errors', () => {
    const apiKey = 'k3y-that-is-longer-than-thirty-characters'
    const secrets = secretValuesOf('https://api.example.com', {
      apiKey,
      secretKey: 'another-secret-key',
      userTokenSecret: null,
    })
    // Each echo starts a few characters before the clip of its text.
    const across = (limit: number) => `${'.'.repeat(limit - 10)}${apiKey} and more`
    const error = errorFromAnswer(
      answer(
        422,
        JSON.stringify({
          detail: across(300),
          errors: [{ field: across(FIELD_ERROR_LIMITS.nameChars), detail: across(300) }],
        }),
      ),
      secrets,
    )
    const shown = JSON.stringify(error.toShape())
    expect(shown).not.toContain(apiKey.slice(0, 10))
    expect(shown).toContain('$API_KEY')
  })
})

import { describe, expect, it } from 'vitest'
import { createGivenSecrets } from './given-secrets'
import { redact, secretValuesOf } from './redact'

const secrets = secretValuesOf('https://api.example.com', {
  apiKey: 'api-key-value-1234',
  secretKey: 'secret-key-value-5678',
  userTokenSecret: 'correct horse battery staple',
})
const echo = '{"description":"correct horse battery staple","seen":"api-key-value-1234"}'

describe('the secrets a caller wrote itself', () => {
  it('are hidden like any other until it writes one', () => {
    const given = createGivenSecrets()
    given.note(['/users/wrong-guess-value', '{"description":"correct horse"}'], secrets)
    expect(given.hidden(secrets)).toBe(secrets)
    expect(redact(echo, given.hidden(secrets))).toBe(
      '{"description":"$USER_TOKEN_SECRET","seen":"$API_KEY"}',
    )
  })

  it('are never hidden from it again, in that call or any later one; the rest stay hidden', () => {
    const given = createGivenSecrets()
    given.note(['{"description":"correct horse battery staple"}'], secrets)
    // A later call reads back what was stored: the guess shows as written, right or wrong.
    expect(redact(echo, given.hidden(secrets))).toBe(
      '{"description":"correct horse battery staple","seen":"$API_KEY"}',
    )
    expect(given.hidden(secrets)).toBe(given.hidden(secrets))
  })

  it('are found in the forms redaction finds, and only as written (letter case counts)', () => {
    const given = createGivenSecrets()
    given.note(['/users/API-KEY-VALUE-1234', '/users/secret%2Dkey%2Dvalue%2D5678'], secrets)
    expect([...given.hidden(secrets).keys()]).toEqual([
      'api-key-value-1234',
      'correct horse battery staple',
    ])
  })
})

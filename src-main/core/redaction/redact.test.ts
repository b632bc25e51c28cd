import { describe, expect, it } from 'vitest'
import { secretLeaks } from '../../../test/helpers/secret-leaks'
import { redact, secretValuesOf } from './redact'

const apiKey = 'api"key\\0123456789abcdefghijklm'
const secretKey = 'sec/ret kéy 😀 9876543210zyxwvu'
const userTokenSecret = 'uts-secret-value-42'
const secrets = secretValuesOf('https://api.example.com/base?tenant=acme-tenant-id', {
  apiKey,
  secretKey,
  userTokenSecret,
})
const base64 = (text: string) => Buffer.from(text).toString('base64')

function expectHidden(text: string): string {
  const redacted = redact(text, secrets)
  expect(secretLeaks(redacted, [apiKey, secretKey, userTokenSecret])).toEqual([])
  return redacted
}

describe('redact', () => {
  it('hides each secret as it is, the longest first', () => {
    const longer = secretValuesOf('https://x.example', {
      apiKey: 'abcdefgh',
      secretKey: 'abcdefgh-and-more',
      userTokenSecret: null,
    })
    expect(redact('abcdefgh-and-more abcdefgh', longer)).toBe('$SECRET_KEY $API_KEY')
  })

  it('hides a secret JSON-escaped once or twice, or written with \\u escapes', () => {
    const once = JSON.stringify({ apiKey, secretKey })
    expect(expectHidden(once)).toBe('{"apiKey":"$API_KEY","secretKey":"$SECRET_KEY"}')
    expect(expectHidden(JSON.stringify({ detail: once }))).toBe(
      '{"detail":"{\\"apiKey\\":\\"$API_KEY\\",\\"secretKey\\":\\"$SECRET_KEY\\"}"}',
    )
    const asciiOnly = JSON.stringify(secretKey)
      .replace(
        /[^\x20-\x7e]/g,
        (char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
      )
      .replace(/\//g, '\\/')
    expect(expectHidden(asciiOnly)).toBe('"$SECRET_KEY"')
  })

  it('hides a secret percent-encoded in either case, and as a form writes it', () => {
    const lower = encodeURIComponent(apiKey).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())
    expect(expectHidden(`?a=${lower}&${new URLSearchParams({ s: secretKey }).toString()}`)).toBe(
      '?a=$API_KEY&s=$SECRET_KEY',
    )
  })

  it('hides a secret in base64 wherever it sits inside a longer base64 text', () => {
    for (const before of ['', 'a', 'bb', 'ccc', 'dddd', 'eeeee'])
      for (const after of ['', 'z', 'zz']) {
        const text = base64(`${before}${userTokenSecret}${after}`)
        const redacted = expectHidden(`${text} ${text.replaceAll('+', '-').replaceAll('/', '_')}`)
        expect(redacted).toContain('$USER_TOKEN_SECRET')
      }
  })

  it('hides a Basic credential whole, in either order', () => {
    const header = `Basic ${base64(`${apiKey}:${secretKey}`)}, Basic ${base64(`${secretKey}:${apiKey}`)}`
    expect(expectHidden(header)).toBe('Basic $API_KEY:$SECRET_KEY, Basic $SECRET_KEY:$API_KEY')
  })

  it("hides a base URL's query values, and leaves other base64 alone", () => {
    expect(redact('tenant acme-tenant-id', secrets)).toBe('tenant $URL_SECRET')
    const unrelated = base64('nothing secret in these bytes at all')
    expect(redact(unrelated, secrets)).toBe(unrelated)
  })
})

describe('redact, against values the page may set', () => {
  it('hides every secret whole when a value the page set overlaps its first characters', () => {
    const realApiKey = 'RealApiKeyValue-0123456789'
    const realSecretKey = 'RealSecretKeyValue-9876543210'
    const echo = `{"apikey":"${realApiKey}","secretkey":"${realSecretKey}"}`
    // A userToken secret and query values chosen to end where a real secret begins.
    const table = secretValuesOf(
      `https://api.example.com/?a=%22R${'x'.repeat(8)}&b=${encodeURIComponent('apikey":"R')}`,
      { apiKey: realApiKey, secretKey: realSecretKey, userTokenSecret: 'secretkey":"R' },
    )
    const redacted = redact(echo, table)
    expect(secretLeaks(redacted, [realApiKey, realSecretKey])).toEqual([])
    expect(redacted).not.toContain('ealApiKeyValue')
    expect(redacted).not.toContain('ealSecretKeyValue')
  })

  it('leaves a query value too short to be a credential where it is', () => {
    const table = secretValuesOf('https://api.example.com/?version=2', {
      apiKey: 'api-key-value-1',
      secretKey: 'secret-key-value-2',
      userTokenSecret: null,
    })
    expect(redact('answered 502 after 2 attempts', table)).toBe('answered 502 after 2 attempts')
  })
})

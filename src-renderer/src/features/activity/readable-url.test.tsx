import { describe, expect, it } from 'vitest'
import { readablePath, readableUrl } from './readable-url'

describe('a call’s URL as a person reads it', () => {
  it('decodes the token in the path, whatever characters it has', () => {
    const url = 'https://api.example/api/v3/pendingCompanyUsers/ana%40example.com%20jos%C3%A9'
    expect(readableUrl(url)).toBe(
      'https://api.example/api/v3/pendingCompanyUsers/ana@example.com josé',
    )
    expect(readablePath(url)).toBe('/api/v3/pendingCompanyUsers/ana@example.com josé')
  })

  it('decodes query values as a form writes them, a plus being a space', () => {
    const url =
      'http://127.0.0.1:4010/2/authenticate?installationGuid=6f1c&userToken=ana%40example.com+2%2B2'
    expect(readableUrl(url)).toBe(
      'http://127.0.0.1:4010/2/authenticate?installationGuid=6f1c&userToken=ana@example.com 2+2',
    )
    expect(readablePath(url)).toBe('/2/authenticate')
  })

  it('keeps escaped what would split a token in two or a value from the next', () => {
    expect(readablePath('http://h/users/a%2Fb%3Fc%23d')).toBe('/users/a%2Fb%3Fc%23d')
    expect(readableUrl('http://h/auth?userToken=a%26b%3Dc')).toBe(
      'http://h/auth?userToken=a%26b%3Dc',
    )
  })

  it('shows as sent what is not valid percent-encoding', () => {
    expect(readablePath('http://h/users/100%25%E0%A4%A')).toBe('/users/100%25%E0%A4%A')
    expect(readableUrl('not a url')).toBe('not a url')
  })
})

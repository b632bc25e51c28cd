import { describe, expect, it } from 'vitest'
import { setSecretInputSchema } from './payloads'

const set = (name: string, value: string) =>
  setSecretInputSchema.safeParse({ id: 'staging', name, value }).success

describe('the length a secret needs', () => {
  it('is eight characters for those the service sees, which it could echo back', () => {
    for (const name of ['apiKey', 'secretKey', 'userTokenSecret']) {
      expect(set(name, '1234')).toBe(false)
      expect(set(name, '12345678')).toBe(true)
    }
  })

  it('is any for the proxy password and a key passphrase, which the service never sees', () => {
    for (const name of ['proxyPassword', 'clientKeyPassphrase']) {
      expect(set(name, '1234')).toBe(true)
      expect(set(name, '')).toBe(false)
      expect(set(name, 'line\nbreak')).toBe(false)
    }
  })
})

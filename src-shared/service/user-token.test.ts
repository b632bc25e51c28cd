import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUserTokenHasher } from './user-token'

describe('userToken', () => {
  it('is the lowercase hex HMAC-SHA256 of the identifier keyed by the secret', async () => {
    const hash = await createUserTokenHasher('hmac-sha256-hex', 'shared-secret')
    const expected = createHmac('sha256', 'shared-secret').update('user-1').digest('hex')
    expect(await hash('user-1')).toBe(expected)
    expect(expected).toMatch(/^[0-9a-f]{64}$/)
  })

  it('depends on the secret', async () => {
    const a = await createUserTokenHasher('hmac-sha256-hex', 'secret-a')
    const b = await createUserTokenHasher('hmac-sha256-hex', 'secret-b')
    expect(await a('user-1')).not.toBe(await b('user-1'))
  })

  it('is the identifier itself with the plain scheme', async () => {
    const hash = await createUserTokenHasher('plain', '')
    expect(await hash('user-1')).toBe('user-1')
  })

  it('refuses the hmac scheme without a secret', async () => {
    await expect(createUserTokenHasher('hmac-sha256-hex', '')).rejects.toThrow('needs a secret')
  })
})

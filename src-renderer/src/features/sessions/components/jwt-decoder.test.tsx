import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { said } from '@shared/messages'
import type { JwtVerification } from '@shared/service'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { JwtDecoder } from './jwt-decoder'

const JWKS_URL = 'https://staging.example.com/.well-known/jwks.json'

function part(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

const TOKEN = `${part({ alg: 'ES256', kid: 'k1' })}.${part({ sub: 'u-1', exp: 4102444800 })}.c2ln`

async function decode(verification: JwtVerification) {
  await renderWithApp(<JwtDecoder />, { answers: { 'sessions:verify': () => ok(verification) } })
  await userEvent.type(screen.getByRole('textbox', { name: 'JWT' }), TOKEN)
  await userEvent.click(screen.getByRole('button', { name: 'Decode and verify' }))
}

/** Whether `first` comes before `second` as the page reads (and a screen reader says) them. */
function before(first: Element, second: Element): boolean {
  return (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
}

describe('a pasted JWT', () => {
  it('says first, as an error, that a token whose signature does not match must not be trusted', async () => {
    await decode({
      verified: false,
      reason: 'bad-signature',
      said: said('jwtBadSignature'),
      kid: 'k1',
      jwksUrl: JWKS_URL,
    })
    const verdict = await screen.findByRole('alert', {
      name: 'Signature invalid: do not trust this token',
    })
    expect(verdict.className).toContain('alert-error')
    expect(before(verdict, screen.getByRole('region', { name: 'JWT header' }))).toBe(true)
    expect(before(verdict, screen.getByRole('region', { name: 'JWT claims' }))).toBe(true)
  })

  it('warns of an expired token, signed right, without calling it an error', async () => {
    await decode({
      verified: false,
      reason: 'expired',
      said: said('jwtExpired'),
      kid: 'k1',
      jwksUrl: JWKS_URL,
    })
    const verdict = await screen.findByRole('status', {
      name: 'Signature valid, but the token has expired',
    })
    expect(verdict.className).toContain('alert-warning')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

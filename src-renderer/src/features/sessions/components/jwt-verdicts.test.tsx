import { screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Language } from '@shared/messages/languages'
import { said } from '@shared/messages'
import type { JwtVerification } from '@shared/service'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { JwtDecoder } from './jwt-decoder'

const JWKS_URL = 'https://staging.example.com/.well-known/jwks.json'

function part(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

const TOKEN = `${part({ alg: 'ES256', kid: 'k1' })}.${part({ sub: 'u-1', exp: 4102444800 })}.c2ln`

const BUTTON: Record<Language, string> = { en: 'Decode and verify', es: 'Descodificar y verificar' }

async function decode(language: Language, verify: FakeAnswers['sessions:verify']) {
  const { bridge } = await renderWithApp(<JwtDecoder />, {
    language,
    answers: { 'sessions:verify': verify },
  })
  await userEvent.type(screen.getByRole('textbox', { name: 'JWT' }), TOKEN)
  await userEvent.click(screen.getByRole('button', { name: BUTTON[language] }))
  return bridge
}

const refused = (
  reason: Extract<JwtVerification, { verified: false }>['reason'],
  message: ReturnType<typeof said>,
): JwtVerification => ({ verified: false, reason, said: message, kid: 'k1', jwksUrl: JWKS_URL })

const REFUSALS = [
  {
    reason: 'bad-signature',
    message: said('jwtBadSignature'),
    role: 'alert',
    en: 'Signature invalid: do not trust this token',
    es: 'Firma no válida: no te fíes de este token',
    esSays: 'La firma no coincide: el token se modificó o lo firmó otra clave con el mismo id.',
  },
  {
    reason: 'unknown-key',
    message: said('jwtUnknownKey'),
    role: 'alert',
    en: 'Signed with a key this environment does not publish',
    es: 'Firmado con una clave que este entorno no publica',
    esSays:
      'Ninguna de las claves que publica el servicio firmó este token (no hay ninguna con su kid y su algoritmo).',
  },
  {
    reason: 'malformed',
    message: said('jwtMalformed'),
    role: 'alert',
    en: 'The signature cannot be checked',
    es: 'No se puede comprobar la firma',
    esSays: 'Esto no es un JWT: tres partes en base64url, la primera una cabecera JSON.',
  },
  {
    reason: 'expired',
    message: said('jwtExpired'),
    role: 'status',
    en: 'Signature valid, but the token has expired',
    es: 'Firma válida, pero el token ha caducado',
    esSays: 'El token ha caducado (su claim exp ya ha pasado).',
  },
  {
    reason: 'not-yet-valid',
    message: said('jwtNotYetValid'),
    role: 'status',
    en: 'Signature valid, but the token is not valid yet',
    es: 'Firma válida, pero el token aún no es válido',
    esSays: 'El token aún no es válido (su claim nbf).',
  },
  {
    reason: 'no-keys',
    message: said('jwtNoKeys', { url: JWKS_URL }),
    role: 'status',
    en: 'Signature not checked',
    es: 'Firma sin comprobar',
    esSays: `No se puede verificar: no hay JWKS en ${JWKS_URL}.`,
  },
] as const

describe('the JWT verdict, as the screen words it', () => {
  it.each([
    {
      language: 'en',
      title: 'Signature verified',
      says: `Verified with key k1 (ES256), published at ${JWKS_URL}.`,
    },
    {
      language: 'es',
      title: 'Firma verificada',
      says: `Verificado con la clave k1 (ES256), publicada en ${JWKS_URL}.`,
    },
  ] as const)('$language: a valid token names the key and where it is published', async (words) => {
    const bridge = await decode(words.language, () =>
      ok({ verified: true, kid: 'k1', algorithm: 'ES256', expiresAt: null, jwksUrl: JWKS_URL }),
    )
    const verdict = await screen.findByRole('status', { name: words.title })
    expect(verdict.textContent).toContain(words.says)
    expect(verdict.className).toContain('alert-success')
    expect(bridge.sent('sessions:verify')).toEqual([{ jwt: TOKEN }])
  })

  describe.each(REFUSALS)('$reason', (verdict) => {
    it('is titled as its gravity, with main’s reason', async () => {
      await decode('en', () => ok(refused(verdict.reason, verdict.message)))
      const english = await screen.findByRole(verdict.role, { name: verdict.en })
      expect(english.textContent).toContain(verdict.message.text)
      // A warning is not an error: only what must not be trusted is said as an alert.
      expect(screen.queryAllByRole('alert')).toHaveLength(verdict.role === 'alert' ? 1 : 0)
    })

    it('is said in Spanish, title and reason', async () => {
      await decode('es', () => ok(refused(verdict.reason, verdict.message)))
      const spanish = await screen.findByRole(verdict.role, { name: verdict.es })
      expect(spanish.textContent).toContain(verdict.esSays)
    })
  })

  it.each([
    { language: 'en', title: 'Could not check the signature', says: 'Could not reach' },
    { language: 'es', title: 'No se pudo comprobar la firma', says: 'No se pudo conectar' },
  ] as const)(
    '$language: keys that cannot be fetched are told as a failed check, not a verdict',
    async (words) => {
      await decode(words.language, () => failed('NETWORK'))
      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toContain(words.title)
      expect(alert.textContent).toContain(words.says)
      expect(screen.queryByRole('status', { name: /Signature|Firma/ })).toBeNull()
    },
  )
})

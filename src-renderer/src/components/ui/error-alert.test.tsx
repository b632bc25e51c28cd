import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ErrorCode } from '@shared/ipc'
import { failed } from '../../test/failed'
import { renderWithApp } from '../../test/render-with-app'
import { ErrorAlert } from './error-alert'

/** Each code main fails with, titled as what it is, and main's usual message in Spanish. */
const FAILURES: { code: ErrorCode; en: string; es: string; says: string; status?: number }[] = [
  {
    code: 'VALIDATION',
    en: 'Invalid input',
    es: 'Datos no válidos',
    says: 'El servicio rechazó los datos.',
    status: 422,
  },
  {
    code: 'UNAUTHORIZED',
    en: 'Credentials refused',
    es: 'Credenciales rechazadas',
    says: 'El servicio rechazó la apiKey / secretKey de este entorno. Revísalas en Entornos.',
    status: 401,
  },
  {
    code: 'FORBIDDEN',
    en: 'Not allowed',
    es: 'No permitido',
    says: 'El servicio rechazó esta llamada para este usuario o con estas credenciales.',
    status: 403,
  },
  {
    code: 'NOT_FOUND',
    en: 'Not found',
    es: 'No encontrado',
    says: 'El servicio no tiene ese usuario.',
    status: 404,
  },
  {
    code: 'CONFLICT',
    en: 'Already exists',
    es: 'Ya existe',
    says: 'Ya existe un usuario con este token.',
    status: 409,
  },
  {
    code: 'RATE_LIMITED',
    en: 'Rate limited',
    es: 'Demasiadas peticiones',
    says: 'El servicio está limitando las llamadas. Espera un momento y vuelve a intentarlo.',
    status: 429,
  },
  {
    code: 'TIMEOUT',
    en: 'No answer in time',
    es: 'Sin respuesta a tiempo',
    says: 'Sin respuesta en 30 s',
  },
  {
    code: 'NETWORK',
    en: 'Service unreachable',
    es: 'Servicio inaccesible',
    says: 'No se pudo conectar con https://staging.example.com',
  },
  {
    code: 'SERVER',
    en: 'Service error',
    es: 'Error del servicio',
    says: 'El servicio no pudo atender la llamada. Inténtalo más tarde.',
    status: 500,
  },
  {
    code: 'UNEXPECTED_RESPONSE',
    en: 'Unexpected answer',
    es: 'Respuesta inesperada',
    says: 'El servicio respondió 302, que la consola no espera.',
    status: 302,
  },
  {
    code: 'KEYCHAIN_UNAVAILABLE',
    en: 'Keychain unavailable',
    es: 'Llavero no disponible',
    says: 'No se puede usar el llavero.',
  },
  {
    code: 'SECRET_MISSING',
    en: 'Credentials not set',
    es: 'Faltan las credenciales',
    says: 'La API key de «Staging» no está configurada. Configúrala en Entornos.',
  },
  {
    code: 'SETTINGS_UNREADABLE',
    en: 'Settings cannot be saved',
    es: 'No se pueden guardar los ajustes',
    says: 'Otra ventana u otro comando de la consola está cambiando los entornos ahora mismo',
  },
  {
    code: 'OUTCOME_UNKNOWN',
    en: 'Outcome unknown',
    es: 'Resultado desconocido',
    says: 'No se pudo conectar con https://staging.example.com, y Consultar no pudo aclarar si el usuario se creó.',
  },
  {
    code: 'CONFIRMATION_REQUIRED',
    en: 'Confirmation needed',
    es: 'Falta confirmar',
    says: '«Production» es un entorno de producción: para escribir en él hay que confirmar con su nombre.',
  },
  {
    code: 'INTERNAL',
    en: 'Something went wrong',
    es: 'Algo ha fallado',
    says: 'Algo ha fallado en el proceso principal.',
  },
]

/** The alert's title and, only where the service answered, its status beside it. */
function expectTitle(title: string, status: number | undefined) {
  const alert = within(screen.getByRole('alert'))
  expect(alert.getByText(title)).toBeTruthy()
  if (status === undefined) expect(alert.queryByText(/HTTP/)).toBeNull()
  else expect(alert.getByText(`· HTTP ${String(status)}`)).toBeTruthy()
}

describe.each(FAILURES)('a $code failure from main', (failure) => {
  it('is titled as what it is, with the service’s status where it answered', async () => {
    await renderWithApp(<ErrorAlert error={failed(failure.code).error} />, { language: 'en' })
    expectTitle(failure.en, failure.status)
    expect(screen.getByRole('alert').textContent).toContain(failed(failure.code).error.said.text)
  })

  it('is told in Spanish, title and message', async () => {
    await renderWithApp(<ErrorAlert error={failed(failure.code).error} />, { language: 'es' })
    expectTitle(failure.es, failure.status)
    expect(screen.getByRole('alert').textContent).toContain(failure.says)
  })
})

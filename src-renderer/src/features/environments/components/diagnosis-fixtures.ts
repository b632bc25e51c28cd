import type { CertificateSummary } from '@shared/environments'
import {
  DIAGNOSIS_STEPS,
  type ConnectionTest,
  type DiagnosisStepName,
  type TlsFinding,
} from '@shared/ipc'
import { said, type Said } from '@shared/messages'

/**
 * Connection tests that failed at each step, as main reports them, for the component tests: what
 * the failed step says in each language, and what its TLS finding shows.
 */

export const URL = 'https://staging.acme.example'
const PROXY = 'http://proxy.acme.example:3128'

/** A message the page has no words for: shown as it came, marked English. */
const asCame = (id: string, text: string): Said => ({ id: `test.${id}`, values: {}, text })

const SERVICE: CertificateSummary = {
  subject: 'CN=staging.acme.example',
  issuer: 'CN=ACME Issuing CA, O=ACME',
  validTo: '2031-03-03T12:00:00.000Z',
  expired: false,
}
const ISSUER: CertificateSummary = {
  subject: 'CN=ACME Issuing CA, O=ACME',
  issuer: 'CN=ACME Root CA, O=ACME',
  validTo: '2035-01-01T00:00:00.000Z',
  expired: false,
}
const finding = (change: Partial<TlsFinding>): TlsFinding => ({
  chain: [SERVICE, ISSUER],
  hostMatches: true,
  trustedBy: 'default',
  accepted: false,
  ...change,
})
const tlsRefused = (problem: Said, code: string) => said('tlsRefused', { url: URL, problem, code })

/** A test that got as far as `failing`: the steps before it passed, those after it not tried. */
export function failedAt(failing: DiagnosisStepName, message: Said, tls: TlsFinding | null = null) {
  const at = DIAGNOSIS_STEPS.indexOf(failing)
  const result: ConnectionTest = {
    outcome: failing === 'credentials' ? 'unauthorized' : 'unreachable',
    said: message,
    status: null,
    durationMs: 1234,
    missingSecrets: [],
    failedStep: failing,
    steps: DIAGNOSIS_STEPS.map((step, index) => ({
      step,
      outcome: index < at ? 'passed' : index === at ? 'failed' : 'skipped',
      said:
        index < at
          ? asCame('passed', `Step ${step} went well.`)
          : index === at
            ? message
            : asCame('notTried', 'Not tried: an earlier step failed.'),
      tls: index === at ? tls : null,
    })),
  }
  return result
}

export interface DiagnosisCase {
  name: string
  result: ConnectionTest
  step: { en: string; es: string }
  /** What the failed step says, in each language (the shared catalog's words). */
  says: { en: string; es: string }
  chain?: { en: string; es: string }
}

const TLS = { en: 'Secure connection (TLS)', es: 'Conexión segura (TLS)' }
export const CASES: DiagnosisCase[] = [
  {
    name: 'the name does not resolve',
    result: failedAt('resolve', said('unreachableCode', { url: URL, code: 'ENOTFOUND' })),
    step: { en: 'Name lookup', es: 'Resolución del nombre' },
    says: {
      en: `Could not reach ${URL} (ENOTFOUND)`,
      es: `No se pudo conectar con ${URL} (ENOTFOUND)`,
    },
  },
  {
    name: 'nothing answers at the address',
    result: failedAt('connect', said('unreachableCode', { url: URL, code: 'ECONNREFUSED' })),
    step: { en: 'Connection', es: 'Conexión' },
    says: {
      en: `Could not reach ${URL} (ECONNREFUSED)`,
      es: `No se pudo conectar con ${URL} (ECONNREFUSED)`,
    },
  },
  {
    name: 'the proxy asks for a name and password (407)',
    result: failedAt('proxy', said('proxyAuthentication', { proxy: PROXY, status: 407 })),
    step: { en: 'Proxy', es: 'Proxy' },
    says: {
      en: `The proxy ${PROXY} asks for a user name and password (407)`,
      es: `El proxy ${PROXY} pide un usuario y una contraseña (407)`,
    },
  },
  {
    name: 'the proxy will not open the tunnel',
    result: failedAt('proxy', said('proxyRefused', { proxy: PROXY, url: URL, status: 403 })),
    step: { en: 'Proxy', es: 'Proxy' },
    says: {
      en: `The proxy ${PROXY} would not open a connection to ${URL} (403)`,
      es: `El proxy ${PROXY} no quiso abrir una conexión con ${URL} (403)`,
    },
  },
  {
    name: 'an unknown issuer, with the chain received',
    result: failedAt(
      'tls',
      tlsRefused(said('tlsUnknownIssuer'), 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'),
      finding({}),
    ),
    step: TLS,
    says: {
      en: 'its certificate was issued by an authority this computer does not trust',
      es: 'su certificado lo emitió una autoridad en la que este ordenador no confía',
    },
    chain: {
      en: "Checked against this computer's and the console's list: not trusted.",
      es: 'Comprobado con la lista de este equipo y la de la consola: no es de confianza.',
    },
  },
  {
    name: 'an expired certificate',
    result: failedAt(
      'tls',
      tlsRefused(said('tlsExpired'), 'CERT_HAS_EXPIRED'),
      finding({
        chain: [{ ...SERVICE, validTo: '2024-01-31T12:00:00.000Z', expired: true }, ISSUER],
        trustedBy: 'default-and-ca-file',
      }),
    ),
    step: TLS,
    says: { en: 'its certificate has expired', es: 'su certificado ha caducado' },
    chain: { en: 'Expired on Jan 31, 2024', es: 'Caducado el 31 ene 2024' },
  },
  {
    name: 'a certificate for another host',
    result: failedAt(
      'tls',
      tlsRefused(
        said('tlsWrongHost', { host: 'staging.acme.example' }),
        'ERR_TLS_CERT_ALTNAME_INVALID',
      ),
      finding({ hostMatches: false, accepted: true, trustedBy: 'ca-file-only' }),
    ),
    step: TLS,
    says: {
      en: 'its certificate is not for staging.acme.example',
      es: 'su certificado no es para staging.acme.example',
    },
    chain: {
      en: 'Host name: the certificate does not name this service.',
      es: 'Nombre del servidor: el certificado no corresponde a este servicio.',
    },
  },
  {
    // Words the shared catalog may not have yet: shown as main wrote them, in both languages.
    name: 'the service asks for a client certificate',
    result: failedAt(
      'tls',
      asCame('clientCertificateRequired', 'The service asks for a client certificate.'),
    ),
    step: TLS,
    says: {
      en: 'The service asks for a client certificate.',
      es: 'The service asks for a client certificate.',
    },
  },
  {
    name: 'the credentials are refused',
    result: failedAt('credentials', said('answerUnauthorized')),
    step: { en: 'Credentials', es: 'Credenciales' },
    says: {
      en: 'The service refused the apiKey / secretKey of this environment.',
      es: 'El servicio rechazó la apiKey / secretKey de este entorno.',
    },
  },
]

import type { CertificateSummary } from '@shared/environments'
import type { TlsFinding } from '@shared/ipc'
import { said, type Said } from '@shared/messages'
import {
  caseOf,
  failed,
  passed,
  skipped,
  testOf,
  type DiagnosisCase,
  type Words,
} from './diagnosis-fixture-kit'

/**
 * Connection tests as main's diagnosis (src-main/core/network/diagnosis) reports them, one per way
 * a connection fails: each step with the core's message and values, what the failed step says in
 * each language (the shared catalogs' words), and the TLS finding wherever a certificate was seen.
 */
const [HOST, ADDRESS] = ['staging.acme.example', '203.0.113.10']
const TARGET = `${HOST}:443`
const PROXY_HOST = 'proxy.acme.example'
const PROXY = `http://${PROXY_HOST}:3128`
const THE_URL = said('whichServiceUrl')
const AS_SET = said('becauseSetting')
const [BY_DEFAULT, BY_FILE_TOO] = [said('trustDefault'), said('trustDefaultAndFile')]

// The steps the core passes before the one that fails: straight to the service, or via a proxy.
const resolved = passed('resolve', said('resolved', { host: HOST, address: ADDRESS }))
const noProxy = skipped('proxy', said('direct', { because: AS_SET }))
const connected = passed('connect', said('connectedTo', { target: `${ADDRESS}:443` }))
const STRAIGHT = [resolved, noProxy, connected]
const proxyResolved = passed('resolve', said('resolved', { host: PROXY_HOST, address: '10.0.0.8' }))
const THROUGH_PROXY = [
  proxyResolved,
  passed('proxy', said('proxyOpened', { proxy: PROXY, because: AS_SET, target: TARGET })),
  passed('connect', said('connectedThroughTunnel', { target: TARGET })),
]

/** A test whose TLS step failed, the steps before it passed (or skipped, as no proxy is). */
const tlsFailed = (message: Said, tls: TlsFinding, before = STRAIGHT) =>
  testOf([...before, failed('tls', message, tls)])

const certificate = (subject: string, issuer: string, validTo = '2031-03-03T12:00:00.000Z') =>
  ({ subject, issuer, validTo, expired: false }) satisfies CertificateSummary
const ACME_CA = 'CN=ACME Issuing CA, O=ACME'
const SERVICE = certificate(`CN=${HOST}`, ACME_CA)
const ISSUER = certificate(ACME_CA, 'CN=ACME Root CA, O=ACME', '2035-01-01T00:00:00.000Z')
const MITM = 'CN=mitmproxy, O=mitmproxy'
// OpenSSL's and Node's codes the core passes on, and the day the expired certificate ended.
const [NO_ISSUER, EXPIRED] = ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'CERT_HAS_EXPIRED']
const CERTIFICATE_REQUIRED = 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED'
const DAY = '2024-01-31'
const CHAIN: [string, string][] = [
  [SERVICE.subject, ACME_CA],
  [ACME_CA, ISSUER.issuer],
]

/** The TLS finding as the core judges it: `accepted` is the chain's verdict alone, not the host's. */
const finding = (change: Partial<TlsFinding> = {}): TlsFinding => ({
  chain: [SERVICE, ISSUER],
  hostMatches: true,
  trustedBy: 'default-and-ca-file',
  accepted: true,
  ...change,
})

// How the finding reads (this feature's catalog): its trust, then the host name.
const LISTS = {
  en: "this computer's and the console's list",
  es: 'la lista de este equipo y la de la consola',
}
const AND_FILE = {
  en: "this computer's and the console's list, and the CA file",
  es: 'la lista de este equipo, la de la consola y el archivo de CA',
}
const NAMES_IT = {
  en: 'Host name: the certificate names this service.',
  es: 'Nombre del servidor: el certificado corresponde a este servicio.',
}
const trusted = (by: Words): Words => ({
  en: `Checked against ${by.en}: trusted. ${NAMES_IT.en}`,
  es: `Comprobado con ${by.es}: de confianza. ${NAMES_IT.es}`,
})
const notTrusted = (by: Words): Words => ({
  en: `Checked against ${by.en}: not trusted. ${NAMES_IT.en}`,
  es: `Comprobado con ${by.es}: no es de confianza. ${NAMES_IT.es}`,
})

export const CASES: DiagnosisCase[] = [
  caseOf(
    'an unreachable host (a name that does not exist)',
    testOf([
      failed('resolve', said('nameNotFound', { host: HOST, code: 'ENOTFOUND', which: THE_URL })),
    ]),
    `El nombre ${HOST} no existe para el servicio de nombres de este equipo (ENOTFOUND): revisa la URL de este entorno por si hay una errata. Un nombre que solo se conoce dentro de la red de una empresa necesita esa red, o su VPN.`,
  ),
  caseOf(
    'a wrong port (nothing listens there)',
    testOf([
      resolved,
      noProxy,
      failed(
        'connect',
        said('connectRefused', { target: `${HOST}:8443`, code: 'ECONNREFUSED', which: THE_URL }),
      ),
    ]),
    `Nada acepta conexiones en ${HOST}:8443 (ECONNREFUSED): revisa el puerto de la URL de este entorno, y que lo que debería responder ahí esté en marcha.`,
  ),
  caseOf(
    'a proxy whose rules refuse the tunnel (403)',
    testOf([
      proxyResolved,
      failed('proxy', said('proxyRefused', { proxy: PROXY, url: TARGET, status: 403 })),
    ]),
    `El proxy ${PROXY} no quiso abrir una conexión con ${TARGET} (403), así que no se envió nada. Pide a quien gestiona el proxy que deje pasar esta dirección.`,
  ),
  caseOf(
    'a proxy refusing the user name and password it was given (407)',
    testOf([
      proxyResolved,
      failed('proxy', said('proxyCredentialsRefused', { proxy: PROXY, status: 407 })),
    ]),
    `El proxy ${PROXY} rechazó el usuario y la contraseña que se le dieron (407): revisa el usuario del proxy de este entorno y su contraseña (la guarda el llavero), o los de HTTPS_PROXY.`,
  ),
  caseOf(
    "an unknown issuer (a company's TLS inspection)",
    tlsFailed(
      said('tlsUntrustedIssuerAlone', {
        host: HOST,
        issuer: MITM,
        trust: BY_DEFAULT,
        code: NO_ISSUER,
      }),
      finding({ chain: [certificate(`CN=${HOST}`, MITM)], trustedBy: 'default', accepted: false }),
      THROUGH_PROXY,
    ),
    `El certificado de ${HOST} lo emitió ${MITM}, que no está entre las autoridades de certificación de este equipo y la lista propia de la consola (UNABLE_TO_GET_ISSUER_CERT_LOCALLY), y el servicio no envió ningún otro certificado con él. Parece la inspección TLS de tu empresa (o la CA privada del servicio): añade su CA raíz, ${MITM}, a este entorno como su archivo de CA (PEM; lo tiene tu departamento de informática). Si es en cambio una CA intermedia, el servicio no envía su cadena: pon esa CA y su CA raíz juntas en un mismo archivo de CA (PEM, una tras otra), y pide a los administradores del servicio que envíen la cadena completa.`,
    { verdict: notTrusted(LISTS), certificates: [[`CN=${HOST}`, MITM]] },
  ),
  caseOf(
    'an expired certificate',
    tlsFailed(
      said('tlsExpiredStep', { host: HOST, subject: SERVICE.subject, date: DAY, code: EXPIRED }),
      finding({
        chain: [{ ...SERVICE, validTo: `${DAY}T12:00:00.000Z`, expired: true }, ISSUER],
        accepted: false,
      }),
    ),
    {
      en: `The certificate CN=${HOST} presented by ${HOST} expired on Jan 31, 2024 (CERT_HAS_EXPIRED): whoever runs the service must renew it.`,
      es: `El certificado CN=${HOST} que presenta ${HOST} caducó el 31/01/2024 (CERT_HAS_EXPIRED): quien gestiona el servicio debe renovarlo.`,
    },
    {
      verdict: notTrusted(AND_FILE),
      certificates: CHAIN,
      expired: { en: 'Expired on Jan 31, 2024', es: 'Caducado el 31/01/2024' },
    },
  ),
  caseOf(
    'a certificate for another host name, its chain trusted',
    tlsFailed(
      said('tlsWrongHostStep', { host: HOST, names: 'DNS:api.acme.example' }),
      finding({ chain: [certificate('CN=api.acme.example', ACME_CA), ISSUER], hostMatches: false }),
    ),
    `El certificado presentado en ${HOST} es para DNS:api.acme.example, no para ${HOST}: revisa el nombre de host de la URL de este entorno (usa un nombre que figure en el certificado).`,
    {
      verdict: {
        en: `Checked against ${AND_FILE.en}: trusted, but not for this host name: the certificate does not name this service.`,
        es: `Comprobado con ${AND_FILE.es}: de confianza, pero no para este nombre de servidor: el certificado no corresponde a este servicio.`,
      },
      certificates: [['CN=api.acme.example', ACME_CA], ...CHAIN.slice(1)],
    },
  ),
  caseOf(
    'a service that requires a client certificate (TLS 1.3)',
    // Refused after the handshake: the service's own certificate was judged, and trusted.
    tlsFailed(
      said('clientCertificateRequired', { host: HOST, code: CERTIFICATE_REQUIRED }),
      finding(),
    ),
    `El servicio de ${HOST} pide un certificado de cliente, y este entorno no tiene ninguno (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED): añade a este entorno en Entornos el certificado que tu administrador emitió para él (un certificado y una clave PEM, o un archivo PKCS#12 y su frase de contraseña).`,
    { verdict: trusted(AND_FILE), certificates: CHAIN },
  ),
  caseOf(
    'wrong credentials (the service answers 401)',
    testOf(
      [
        ...STRAIGHT,
        passed(
          'tls',
          said('tlsAccepted', { host: HOST, trust: BY_FILE_TOO, validTo: '2031-03-03' }),
          finding(),
        ),
        passed('http', said('httpAnswered', { status: 401 })),
        // The real call's verdict: the exchange's refusal, with what the service (the sandbox) said.
        failed(
          'credentials',
          said('serviceSaid', {
            message: said('answerUnauthorized'),
            said: said('credentialsRefused'),
          }),
        ),
      ],
      401,
    ),
    'El servicio rechazó la apiKey / secretKey de este entorno. Revísalas en Entornos. El servicio dijo: Las cabeceras apiKey y secretKey no corresponden a este servicio',
    { verdict: trusted(AND_FILE), certificates: CHAIN },
  ),
]

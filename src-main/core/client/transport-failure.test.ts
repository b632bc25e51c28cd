import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net'
import { createServer as createHttpsServer } from 'node:https'
import { join } from 'node:path'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { targetFor } from '../../../test/helpers/service-target'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { testCertificate } from '../../../test/helpers/tls-certificate'
import { createActivityLog } from '../activity/activity-log'
import { AppError } from '../errors/app-error'
import { createExchange } from './retried-call'
import { createServiceClient } from './service-client'

const dir = makeTempDir('certificates')
afterAll(() => dir.remove())

interface Pem {
  key: string
  cert: string
}

/** A certificate made with openssl: self-signed, or signed by `issuer`; `days` < 0 is expired. */
function certificate(name: string, san: string, days: number, issuer?: Pem): Pem {
  const at = (suffix: string) => join(dir.path, `${name}.${suffix}`)
  const run = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' })
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  run('req', ...key, '-keyout', at('key'), '-out', at('csr'), '-subj', `/CN=${name}`)
  const extensions = at('ext')
  execFileSync('sh', ['-c', `printf 'subjectAltName=${san}\\n' > '${extensions}'`])
  const signer = issuer
    ? (() => {
        execFileSync('sh', ['-c', `printf '%s' "$0" > '${at('ca.key')}'`, issuer.key])
        execFileSync('sh', ['-c', `printf '%s' "$0" > '${at('ca.crt')}'`, issuer.cert])
        return ['-CA', at('ca.crt'), '-CAkey', at('ca.key'), '-CAcreateserial']
      })()
    : ['-signkey', at('key')]
  const signing = ['x509', '-req', '-in', at('csr'), ...signer, '-extfile', extensions]
  run(...signing, '-days', String(days), '-out', at('crt'))
  return { key: readFileSync(at('key'), 'utf8'), cert: readFileSync(at('crt'), 'utf8') }
}

/** A server on 127.0.0.1 that counts the connections made to it. */
async function listening(server: Server): Promise<{ baseUrl: string; connections: () => number }> {
  let connections = 0
  server.on('connection', () => (connections += 1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  const { port } = server.address() as AddressInfo
  return { baseUrl: `https://127.0.0.1:${port}`, connections: () => connections }
}
const servers: Server[] = []
afterAll(() => servers.forEach((server) => server.close()))

const httpsServing = (pem: Pem) => listening(createHttpsServer(pem, (_, res) => res.end('{}')))

const credentials = {
  apiKey: 'k'.repeat(16),
  secretKey: 's'.repeat(16),
  userTokenSecret: 'u'.repeat(16),
}

function clientFor(baseUrl: string) {
  const exchange = createExchange(targetFor({ baseUrl, credentials }), createActivityLog(), {
    sleep: () => Promise.resolve(),
  })
  return createServiceClient(exchange)
}

async function failureOf(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}

describe('a refused certificate or TLS handshake, told as what it is', () => {
  const cases: Record<string, { baseUrl: string; connections: () => number }> = {}
  beforeAll(async () => {
    const authority = certificate('private-ca', 'DNS:private-ca.invalid', 2)
    const expired = certificate('expired', 'IP:127.0.0.1', -1)
    const elsewhere = certificate('elsewhere', 'DNS:elsewhere.invalid', 2)
    // Trusted, so that what fails is their date and their name, not their issuer.
    setDefaultCACertificates([...getCACertificates('default'), expired.cert, elsewhere.cert])
    cases.selfSigned = await httpsServing(testCertificate())
    cases.unknownIssuer = await httpsServing(certificate('issued', 'IP:127.0.0.1', 2, authority))
    cases.expired = await httpsServing(expired)
    cases.wrongHost = await httpsServing(elsewhere)
    // Not TLS at all: what comes back to the ClientHello is plain text.
    cases.handshake = await listening(
      createTcpServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n')),
    )
  })

  it.each([
    [
      'selfSigned',
      'its certificate is self-signed, and this computer does not trust it',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
    ],
    [
      'unknownIssuer',
      'its certificate was issued by an authority this computer does not trust',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    ],
    ['expired', 'its certificate has expired', 'CERT_HAS_EXPIRED'],
    ['wrongHost', 'its certificate is not for 127.0.0.1', 'ERR_TLS_CERT_ALTNAME_INVALID'],
    [
      'handshake',
      'the service, or something on the way to it, refused the TLS handshake',
      'EPROTO',
    ],
  ])('%s: named in words and by its code, not sent, not tried again', async (name, words, code) => {
    const server = cases[name]
    if (!server) throw new Error(`no server for ${name}`)
    const client = clientFor(server.baseUrl)
    const retrieve = await failureOf(client.retrieve('someone'))
    expect(retrieve).toMatchObject({ code: 'NETWORK', noAnswer: { sent: false, tls: true } })
    expect(retrieve.message).toMatch(
      new RegExp(
        `^The secure connection to ${server.baseUrl.replace(/\./g, '\\.')} failed, so nothing was sent: ${words} \\(${code}\\)\\.$`,
      ),
    )
    // A Retrieve may be sent three times; this one was not sent again.
    expect(server.connections()).toBe(1)
    // Nor is a Create looked up afterwards: nothing was sent, so there is nothing to reconcile.
    const create = await failureOf(client.create({ token: 'someone', status: 0 }))
    expect(create).toMatchObject({ code: 'NETWORK', noAnswer: { sent: false, tls: true } })
    expect(server.connections()).toBe(2)
  })
})

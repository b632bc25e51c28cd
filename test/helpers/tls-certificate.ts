import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { getCACertificates, setDefaultCACertificates } from 'node:tls'
import { join } from 'node:path'
import { makeTempDir } from './temp-dir'

export interface TestCertificate {
  key: string
  cert: string
  /** The certificate's file, for a process started later (NODE_EXTRA_CA_CERTS). */
  certPath: string
}

let made: TestCertificate | undefined

/**
 * A throwaway self-signed certificate for https://127.0.0.1, made with openssl once per process,
 * so tests can serve a production environment over https as the console requires.
 */
export function testCertificate(): TestCertificate {
  if (made) return made
  const tempDir = makeTempDir('tls')
  process.once('exit', tempDir.remove)
  const dir = tempDir.path
  const key = join(dir, 'key.pem')
  const certPath = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      certPath,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '2',
    ],
    { stdio: 'ignore' },
  )
  made = { key: readFileSync(key, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath }
  return made
}

/** Makes this process's TLS clients (Node's fetch included) trust the test certificate too. */
export function trustTestCertificate(): TestCertificate {
  const certificate = testCertificate()
  setDefaultCACertificates([...getCACertificates('default'), certificate.cert])
  return certificate
}

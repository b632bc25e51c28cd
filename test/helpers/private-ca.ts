import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A key and its certificate, as files and as their PEM text. */
export interface Issued {
  certPath: string
  keyPath: string
  cert: string
  key: string
}

export interface PrivateCa {
  /** Its subject's common name: what an issuer shows. */
  name: string
  certPath: string
  cert: string
  /**
   * A server certificate for `names` (openssl's subjectAltName form: "IP:127.0.0.1",
   * "DNS:api.example.com"), valid from a day ago for two days unless other dates are given.
   */
  server(names?: readonly string[], validity?: { from: Date; to: Date }): Issued
  /** A client certificate (extendedKeyUsage clientAuth) for this common name. */
  client(commonName: string): Issued
  /**
   * A certificate and its key in one PKCS#12 file, encrypted with this passphrase: its path.
   * Encrypted with AES, or as `openssl pkcs12 -legacy` and many older Windows exports do (`rc2`:
   * RC2 for the certificate, 3DES for the key), or with 3DES alone (`3des`).
   */
  pkcs12(issued: Issued, passphrase: string, cipher?: 'aes' | 'rc2' | '3des'): string
  /** An intermediate CA this one signs, which issues certificates of its own. */
  intermediate(name: string): PrivateCa
}

const CA_EXTENSIONS = ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign']

const openssl = (args: readonly string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
const DAY = 24 * 60 * 60 * 1000

/** A date as `openssl ca` takes it: YYYYMMDDHHMMSSZ. */
function asn1Time(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/[-:T]/g, '')}Z`
}

/**
 * A certificate authority of its own in `dir`, made with openssl: its root signs certificates for
 * servers (any dates: `openssl ca` takes a start and an end, so an expired one can be made) and
 * for clients.
 */
export function makePrivateCa(dir: string, name: string): PrivateCa {
  const slug = name.replace(/\W+/g, '-').toLowerCase()
  const caKey = join(dir, `${slug}-ca.key`)
  const certPath = join(dir, `${slug}-ca.pem`)
  openssl([
    'req',
    '-x509',
    ...EC_KEY,
    '-keyout',
    caKey,
    '-out',
    certPath,
    '-subj',
    `/O=Integrator Console tests/CN=${name}`,
    '-days',
    '3',
    ...CA_EXTENSIONS.flatMap((extension) => ['-addext', extension]),
  ])
  return caFrom(dir, name, caKey, certPath)
}

/** A CA whose key and certificate are these files, issuing with `openssl ca`. */
function caFrom(dir: string, name: string, caKey: string, certPath: string): PrivateCa {
  const slug = name.replace(/\W+/g, '-').toLowerCase()
  const database = join(dir, `${slug}-index.txt`)
  writeFileSync(database, '')
  const config = join(dir, `${slug}-ca.cnf`)
  writeFileSync(
    config,
    [
      '[ca]',
      'default_ca = test_ca',
      '[test_ca]',
      `database = ${database}`,
      `new_certs_dir = ${dir}`,
      `serial = ${join(dir, `${slug}-serial`)}`,
      'default_md = sha256',
      'policy = any_name',
      'unique_subject = no',
      'copy_extensions = none',
      '[any_name]',
      'commonName = supplied',
    ].join('\n'),
  )
  writeFileSync(join(dir, `${slug}-serial`), '1000\n')
  let issuedCount = 0

  function issue(commonName: string, extensions: string[], from: Date, to: Date): Issued {
    issuedCount += 1
    const base = join(dir, `${slug}-${String(issuedCount)}`)
    const keyPath = `${base}.key`
    const leafPath = `${base}.pem`
    openssl([
      'req',
      '-new',
      ...EC_KEY,
      '-keyout',
      keyPath,
      '-out',
      `${base}.csr`,
      '-subj',
      `/CN=${commonName}`,
    ])
    writeFileSync(`${base}.ext`, extensions.join('\n'))
    openssl([
      'ca',
      '-batch',
      '-notext',
      '-config',
      config,
      '-cert',
      certPath,
      '-keyfile',
      caKey,
      '-in',
      `${base}.csr`,
      '-out',
      leafPath,
      '-startdate',
      asn1Time(from),
      '-enddate',
      asn1Time(to),
      '-extfile',
      `${base}.ext`,
    ])
    return {
      certPath: leafPath,
      keyPath,
      cert: readFileSync(leafPath, 'utf8'),
      key: readFileSync(keyPath, 'utf8'),
    }
  }

  const now = Date.now()
  return {
    name,
    certPath,
    cert: readFileSync(certPath, 'utf8'),
    server(names = ['IP:127.0.0.1'], validity) {
      const from = validity?.from ?? new Date(now - DAY)
      const to = validity?.to ?? new Date(now + 2 * DAY)
      const commonName = names[0]?.replace(/^\w+:/, '') ?? 'server'
      return issue(
        commonName,
        [`subjectAltName = ${names.join(', ')}`, 'extendedKeyUsage = serverAuth'],
        from,
        to,
      )
    },
    client(commonName) {
      return issue(
        commonName,
        ['extendedKeyUsage = clientAuth'],
        new Date(now - DAY),
        new Date(now + 2 * DAY),
      )
    },
    pkcs12(issued, passphrase, cipher = 'aes') {
      const path = issued.certPath.replace(/\.pem$/, `.${cipher}.p12`)
      const tripleDes = ['-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES']
      openssl([
        'pkcs12',
        '-export',
        ...({ aes: [], rc2: ['-legacy'], '3des': tripleDes } as const)[cipher],
        '-inkey',
        issued.keyPath,
        '-in',
        issued.certPath,
        '-out',
        path,
        '-passout',
        `pass:${passphrase}`,
      ])
      return path
    },
    intermediate(intermediateName) {
      const issued = issue(
        intermediateName,
        CA_EXTENSIONS,
        new Date(now - DAY),
        new Date(now + DAY),
      )
      return caFrom(dir, intermediateName, issued.keyPath, issued.certPath)
    },
  }
}

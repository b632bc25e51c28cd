import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { getCACertificates } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { cliSession } from '../helpers/cli-session'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

/**
 * Node trusts only its bundled list unless told otherwise; the console adds this computer's own
 * store. OpenSSL's SSL_CERT_FILE and SSL_CERT_DIR stand in for the store here: they are where
 * Node reads a Linux computer's store from.
 */
describeWithTestKeyring('the certificate authorities of this computer', () => {
  const certificate = testCertificate()
  const store = makeTempDir('os-store')
  const otherAuthority = join(store.path, 'other-ca.pem')
  let sandbox: RunningSandbox | undefined
  const sessions: ReturnType<typeof cliSession>[] = []

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      tls: { key: certificate.key, cert: certificate.cert },
    })
  })
  afterAll(async () => {
    for (const session of sessions) session.remove()
    await sandbox?.close()
    store.remove()
  })

  async function sessionWith(storeFile: string, ...options: string[]) {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll')
    const session = cliSession('system-trust', {
      SSL_CERT_FILE: storeFile,
      SSL_CERT_DIR: store.path,
    })
    sessions.push(session)
    const base = ['env', 'add', 'Staging', '--base-url', sandbox.baseUrl, '--kind', 'staging']
    const added = await session.cli([...base, ...options])
    expect(added.code, added.stderr).toBe(0)
    await setSecrets(session)
    return session
  }

  async function setSecrets(session: ReturnType<typeof cliSession>) {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll')
    for (const [secret, value] of Object.entries(sandbox.credentials)) {
      const set = await session.cli(['env', 'set-secret', 'Staging', secret], { stdin: value })
      expect(set.code, set.stderr).toBe(0)
    }
  }

  const lookUp = (session: ReturnType<typeof cliSession>) =>
    session.cli(['users', 'get', 'nobody', '--env', 'Staging'])

  it('a service whose authority is in this computer’s store is trusted with no CA file', async () => {
    const trusted = await lookUp(await sessionWith(certificate.certPath))
    expect(trusted.code, trusted.stderr).toBe(1)
    expect(trusted.stderr).toContain('The service has no such user')
  })

  it('one whose authority is not there is refused, and nothing is sent', async () => {
    writeFileSync(join(store.path, 'empty.pem'), '')
    const refused = await lookUp(await sessionWith(join(store.path, 'empty.pem')))
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain('nothing was sent')
  })

  // Steps of one or a few commands each, over one console: each process opens the keychain, and
  // a step's bound then holds on a busy machine.
  describe('“only this CA file” leaves the store out', () => {
    let session: ReturnType<typeof cliSession>

    it('refuses the service the store vouches for, and nothing is sent', async () => {
      // A real authority, only not the one that signed the sandbox's certificate.
      writeFileSync(otherAuthority, getCACertificates('bundled')[0] ?? '')
      session = await sessionWith(certificate.certPath, '--ca-file', otherAuthority, '--ca-only')
      const refused = await lookUp(session)
      expect(refused.code).toBe(3)
      expect(refused.stderr).toContain('nothing was sent')
      expect((await session.cli(['env', 'list'])).stdout).toContain('trusts only other-ca.pem')
    })

    it('lets the store back in with --no-ca-only, and drops the secrets set for the old trust', async () => {
      const also = await session.cli(['env', 'edit', 'Staging', '--no-ca-only'])
      expect(also.stdout).toContain('also trusts other-ca.pem')
      expect((await session.cli(['env', 'list'])).stdout).toContain('secrets set: none')
    })

    it('sends to the service the store vouches for once the secrets are set again', async () => {
      await setSecrets(session)
      const found = await lookUp(session)
      expect(found.code, found.stderr).toBe(1)
      expect(found.stderr).toContain('The service has no such user')
    })
  })
})

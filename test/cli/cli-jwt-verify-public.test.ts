import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { without } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { makePrivateCa } from '../helpers/private-ca'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

const PASSPHRASE = 'pkcs12-passphrase-4711'

describeWithTestKeyring('integrator-console jwt verify: the public keys over https', () => {
  const session = cliSession('cli-jwt-public')
  let service: TestSandbox
  let front: TlsFront
  let demanding: TlsFront

  beforeAll(async () => {
    service = await startTestSandbox()
    // The files where the user keeps them: the console takes none from its data folder.
    const ca = makePrivateCa(session.workDirectory, 'Company Root')
    const clients = makePrivateCa(session.workDirectory, 'Company Client CA')
    const client = clients.client('integrator-console-tests')
    const pkcs12 = clients.pkcs12(client, PASSPHRASE)
    front = await startTlsFront(service.port, ca.server())
    // A gateway that asks every caller for a certificate, the JWKS's too.
    demanding = await startTlsFront(service.port, {
      ...ca.server(),
      ca: clients.cert,
      requestCert: true,
      rejectUnauthorized: true,
    })
    const plainKey = await session.cli([
      'env',
      'add',
      'Gateway',
      '--base-url',
      demanding.baseUrl,
      '--ca-file',
      ca.certPath,
      '--client-cert',
      client.certPath,
      '--client-key',
      client.keyPath,
    ])
    expect(plainKey.code, plainKey.stderr).toBe(0)
    const added = await session.cli([
      'env',
      'add',
      'Company',
      '--base-url',
      front.baseUrl,
      '--ca-file',
      ca.certPath,
      '--client-pfx',
      pkcs12,
    ])
    expect(added.code, added.stderr).toBe(0)
    const set = await session.cli(['env', 'set-secret', 'Company', 'clientKeyPassphrase'], {
      stdin: PASSPHRASE,
    })
    expect(set.code, set.stderr).toBe(0)
  })
  afterAll(async () => {
    session.expectNoSecretShown([PASSPHRASE, ...Object.values(service.credentials)])
    await front.close()
    await demanding.close()
    await service.stop()
    session.remove()
  })

  it('verifies where the client key wants a passphrase the machine cannot read, and presents a plain one', async () => {
    const token = `cli-${randomUUID()}`
    await service.call('POST', '/api/v3/pendingCompanyUsers', { json: { token, status: 2 } })
    const userToken = createHmac('sha256', service.credentials.userTokenSecret)
      .update(token)
      .digest('hex')
    const authenticated = await service.call(
      'GET',
      `/2/authenticate?installationGuid=${randomUUID()}&userToken=${userToken}`,
    )
    const { jwt } = authenticated.body as { jwt: string }

    // No session bus: the passphrase cannot be read, and the public keys need none.
    const noBus = without(session.env, 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'XDG_RUNTIME_DIR')
    // Gateway: a key with no passphrase is still presented, to a service that wants it.
    for (const environment of ['Company', 'Gateway']) {
      const verified = await session.cli(['jwt', 'verify', jwt, '--env', environment], {
        env: noBus,
      })
      expect(verified.code, verified.stderr).toBe(0)
      expect(verified.stdout).toMatch(/^verified with key \S+ \(ES256\)/)
    }
  })
})

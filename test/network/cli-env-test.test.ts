import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { connectionTestSchema } from '../../src-shared/ipc'
import { cliSession, type CliSession } from '../helpers/cli-session'
import { startTestCore } from '../helpers/core'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { networkEnvironment, type TlsFiles } from '../helpers/network-environment'
import { makePrivateCa } from '../helpers/private-ca'
import { keyFileSecrets, secretLeaks } from '../helpers/secret-leaks'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

const PROXY_PASSWORD = 'proxy-s3cret-4711'
const PASSPHRASE = 'pkcs12-passphrase-4711'

describeWithTestKeyring('integrator-console env test: the connection test, step by step', () => {
  const dir = makeTempDir('cli-env-test')
  let parts:
    | {
        sandbox: RunningSandbox
        front: TlsFront
        proxy: ForwardProxy
        session: CliSession
        secrets: string[]
      }
    | undefined
  const started = () => {
    if (!parts) throw new Error('the service, the proxy and the session start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Company Root')
    const clients = makePrivateCa(dir.path, 'Company Client CA')
    const client = clients.client('integrator-console-tests')
    const pkcs12 = clients.pkcs12(client, PASSPHRASE)
    const front = await startTlsFront(sandbox.port, {
      ...ca.server(),
      ca: clients.cert,
      requestCert: true,
      rejectUnauthorized: true,
    })
    const proxy = await startForwardProxy({ basicAuth: { user: 'ana', password: PROXY_PASSWORD } })
    const session = cliSession('cli-env-test')
    // The profiles are saved as the command line's user would, typing the files' paths; their
    // secrets go through `env set-secret` below.
    const t = startTestCore({
      face: 'cli',
      dataDirectory: session.dataDirectory,
      keychainService: session.keychainService,
    })
    const network = { proxy: { mode: 'url', url: proxy.url, username: 'ana' } } as const
    const tls: TlsFiles = { caFile: ca.certPath, client: { pkcs12 } }
    await networkEnvironment(t, front.baseUrl, { name: 'Company', ...network, tls })
    await networkEnvironment(t, front.baseUrl, {
      name: 'No certificate',
      ...network,
      tls: { caFile: ca.certPath },
    })
    // Its credentials not given yet: a support person checks the network first.
    await networkEnvironment(t, `http://127.0.0.1:${String(sandbox.port)}`, {
      name: 'No secrets yet',
    })
    await t.stop()
    const { apiKey, secretKey } = sandbox.credentials
    const common = { apiKey, secretKey, proxyPassword: PROXY_PASSWORD }
    const secretsOf = {
      Company: { ...common, clientKeyPassphrase: PASSPHRASE },
      'No certificate': common,
    }
    for (const [name, secrets] of Object.entries(secretsOf))
      for (const [secret, value] of Object.entries(secrets)) {
        const set = await session.cli(['env', 'set-secret', name, secret], { stdin: value })
        expect(set.code, set.stderr).toBe(0)
      }
    const keyFiles = [readFileSync(client.keyPath), readFileSync(pkcs12)]
    // The scan would find a key file shown: its own bytes are caught.
    expect(secretLeaks(client.key, keyFileSecrets(readFileSync(client.keyPath)))).not.toEqual([])
    parts = {
      sandbox,
      front,
      proxy,
      session,
      secrets: [apiKey, secretKey, PROXY_PASSWORD, PASSPHRASE, ...keyFiles.flatMap(keyFileSecrets)],
    }
  })
  afterAll(async () => {
    parts?.session.remove()
    await parts?.proxy.stop()
    await parts?.front.close()
    await parts?.sandbox.close()
    dir.remove()
  })

  it('prints each step on its line, with the certificate chain, and exits 0', async () => {
    const { session, proxy } = started()
    const run = await session.cli(['env', 'test', 'Company'])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ok: Connected: the service accepted the credentials\. \(\d+ ms\)$/)
    const steps = lines.filter((line) => /^ {2}\w/.test(line))
    expect(steps.map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'passed resolve',
      'passed proxy',
      'passed connect',
      'passed tls',
      'passed http',
      'passed credentials',
    ])
    expect(run.stdout).toContain(`Through the proxy ${proxy.url}, as this environment's setting`)
    expect(run.stdout).toMatch(/ certificate CN=127\.0\.0\.1 \(issuer CN=Company Root/)
    expect(run.stdout).toMatch(/ issued by {3}CN=Company Root/)
    session.expectNoSecretShown(started().secrets)
  })

  it('a failed step: exit 3, the reason first, each step after it on stderr, nothing on stdout', async () => {
    const { session } = started()
    const run = await session.cli(['env', 'test', 'No certificate'])
    expect(run).toMatchObject({ code: 3, stdout: '' })
    expect(run.stderr).toMatch(
      /^error: unreachable: The service at 127\.0\.0\.1 asks for a client certificate/,
    )
    expect(run.stderr).toMatch(/^ {2}FAILED {3}tls {10}The service at 127\.0\.0\.1 asks/m)
    expect(run.stderr).toMatch(
      /^ {2}skipped {2}credentials {2}Not tried: an earlier step failed\.$/m,
    )
    session.expectNoSecretShown(started().secrets)
  })

  it('no credentials set yet: each network step is tried and printed, the credentials step says which are missing (not refused: nothing was sent), exit 4', async () => {
    const { session } = started()
    const run = await session.cli(['env', 'test', 'No secrets yet'])
    expect(run).toMatchObject({ code: 4, stdout: '' })
    expect(run.stderr).toMatch(
      /^error: credentialsNotSet: The API key and Secret key of "No secrets yet" are not set\./,
    )
    const steps = run.stderr.split('\n').filter((line) => /^ {2}\w/.test(line))
    expect(steps.map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual([
      'passed resolve',
      'skipped proxy',
      'passed connect',
      'skipped tls',
      'skipped http',
      'skipped credentials',
    ])
    expect(run.stderr).toMatch(/^ {2}passed {3}connect {6}Connected to 127\.0\.0\.1:\d+\.$/m)
  })

  it('--format json prints the test as the contract has it, and keeps the exit code', async () => {
    const { session } = started()
    const ok = await session.cli(['env', 'test', 'Company', '--format', 'json'])
    expect(ok.code, ok.stderr).toBe(0)
    const test = connectionTestSchema.parse(JSON.parse(ok.stdout))
    expect(test).toMatchObject({ outcome: 'ok', failedStep: null })
    expect(test.steps.find((step) => step.step === 'tls')?.tls).toMatchObject({
      accepted: true,
      trustedBy: 'default-and-ca-file',
    })
    const failed = await session.cli(['env', 'test', 'No certificate', '--format', 'json'])
    expect(failed).toMatchObject({ code: 3, stderr: '' })
    expect(connectionTestSchema.parse(JSON.parse(failed.stdout))).toMatchObject({
      outcome: 'unreachable',
      failedStep: 'tls',
    })
    session.expectNoSecretShown(started().secrets)
  })
})

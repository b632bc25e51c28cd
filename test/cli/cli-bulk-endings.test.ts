import { randomBytes } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { without } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

const credentials = {
  apiKey: `endings-api-${randomBytes(12).toString('hex')}`,
  secretKey: `endings-secret-${randomBytes(12).toString('hex')}`,
  userTokenSecret: `endings-hash-${randomBytes(12).toString('hex')}`,
}

/** Waits for what a run does while it runs; the bound only keeps a broken run from hanging. */
const POLL = { timeout: 60_000, interval: 10 }

describeWithTestKeyring('integrator-console: how a bulk run ends, and its exit code', () => {
  // Nothing but the OS's and Node's own list is trusted: the test certificate is not.
  const session = cliSession('cli-endings', {}, without(process.env, 'NODE_EXTRA_CA_CERTS'))
  const folder = session.workDirectory
  const sandboxes: RunningSandbox[] = []
  const environments: string[] = []
  afterAll(async () => {
    for (const name of environments) await session.cli(['env', 'remove', name])
    await Promise.allSettled(sandboxes.map((sandbox) => sandbox.close()))
    // Revoked keys, a refused certificate, a cancel: no ending shows the environment's secrets.
    session.expectNoSecretShown(Object.values(credentials))
    session.remove()
  })

  /** A sandbox of this test's own, on a database file that outlives a restart. */
  async function serve(name: string, tls = false): Promise<RunningSandbox> {
    const sandbox = await startSandbox({
      port: 0,
      databasePath: join(folder, `${name}.db`),
      credentials,
      ...(tls ? { tls: testCertificate() } : {}),
    })
    sandboxes.push(sandbox)
    await session.addEnvironment(name, sandbox.baseUrl, credentials)
    environments.push(name)
    return sandbox
  }

  function file(prefix: string, rows: number): string {
    const path = join(folder, `${prefix}.csv`)
    const lines = Array.from({ length: rows }, (_, i) => `${prefix}-${i},2,Name ${i}`)
    writeFileSync(path, `token,status,firstname\r\n${lines.join('\r\n')}\r\n`)
    return path
  }

  /** The built command line importing a file, in a process of its own, watched while it runs. */
  function importing(path: string, environment: string, ...options: string[]) {
    const run = session.spawn(['import', path, '--env', environment, ...options])
    return { ...run, exited: run.exited.then(({ code }) => code) }
  }

  async function stored(sandbox: RunningSandbox, token: string): Promise<boolean> {
    const answer = await fetch(`${sandbox.baseUrl}/api/v3/pendingCompanyUsers/${token}`, {
      headers: { apiKey: credentials.apiKey, secretKey: credentials.secretKey },
    })
    return answer.status === 200
  }

  function results(name: string): string[] {
    const text = readFileSync(join(folder, name), 'utf8')
    return text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
  }

  it('credentials revoked mid-import: exit 1 with the reason, and the counts so far', async () => {
    let sandbox = await serve('Rotating')
    sandbox.setFaults({ latencyMs: 2 })
    const run = importing(file('rot', 300), 'Rotating', '--concurrency', '1')
    await expect.poll(() => stored(sandbox, 'rot-2'), POLL).toBe(true)
    // The service's keys are rotated under the run: every call from now on is a real 401.
    sandbox.setFaults({ hold: true })
    await sandbox.close()
    sandbox = await startSandbox({
      port: sandbox.port,
      databasePath: join(folder, 'Rotating.db'),
    })
    sandboxes.push(sandbox)
    expect(await run.exited).toBe(1)
    expect(run.stdout()).toMatch(/^stopped: created \d+ \(of 300 rows\)\n$/)
    expect(run.stderr()).toContain(
      'error: The service refused the apiKey / secretKey of this environment. Check them in Environments.',
    )
    expect(run.stderr()).toMatch(/to go on with it: integrator-console resume \S+/)
    expect(run.stderr()).toMatch(/^progress: stopped, /m)
  })

  it('a certificate this computer does not trust: exit 3 at once, every row not sent, the certificate named', async () => {
    await serve('Untrusted', true)
    const run = importing(file('tls', 4), 'Untrusted', '--results', 'tls-results.csv')
    expect(await run.exited).toBe(3)
    expect(run.stdout()).toBe('stopped: no row done (of 4 rows)\n')
    expect(run.stderr()).toMatch(
      /error: The secure connection to https:\/\/127\.0\.0\.1:\d+ failed, so nothing was sent: its certificate is self-signed, and this computer does not trust it \(DEPTH_ZERO_SELF_SIGNED_CERT\)\./,
    )
    expect(results('tls-results.csv')).toEqual(
      [0, 1, 2, 3].map((i): unknown =>
        expect.stringMatching(new RegExp(`^${i + 2},tls-${i},notSent,`)),
      ),
    )
  })

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('cancelled with %s: exit %i, calls in flight finished', async (signal, code) => {
    const sandbox = await serve(`Cancelled ${signal}`)
    // Every call waits, unanswered, until the test lets it go: the run is mid-way for sure.
    sandbox.setFaults({ hold: true })
    const run = importing(file(signal.toLowerCase(), 50), `Cancelled ${signal}`)
    await expect.poll(run.stderr, POLL).toContain('progress: running')
    run.child.kill(signal)
    await expect.poll(run.stderr, POLL).toContain('cancelling:')
    sandbox.setFaults({ hold: false })
    expect(await run.exited).toBe(code)
    expect(run.stdout()).toMatch(/^cancelled: (created \d+|no row done) \(of 50 rows\)\n$/)

    // It says how to go on, and going on from the command line sends only the rows not done.
    const runId = /integrator-console resume (\S+)/.exec(run.stderr())?.[1]
    if (runId === undefined) throw new Error(`no resume command in:\n${run.stderr()}`)
    const listed = await session.cli(['resume'])
    expect(listed.stdout).toContain(`${runId}\tcreate\t`)
    const resumed = await session.cli(['resume', runId])
    expect(resumed.code).toBe(0)
    expect(resumed.stdout).toMatch(/^finished: created \d+ \(of 50 rows\)\n$/)
    expect(await stored(sandbox, `${signal.toLowerCase()}-49`)).toBeTruthy()
    expect((await session.cli(['resume'])).stdout).not.toContain(runId)
  })

  it('a service that disappears mid-import: exit 3 once its rows have tried again', async () => {
    const sandbox = await serve('Vanishing')
    sandbox.setFaults({ latencyMs: 2 })
    const run = importing(file('gone', 300), 'Vanishing', '--concurrency', '2')
    await expect.poll(() => stored(sandbox, 'gone-2'), POLL).toBe(true)
    sandbox.setFaults({ hold: true })
    await sandbox.close()
    expect(await run.exited).toBe(3)
    expect(run.stdout()).toMatch(/^stopped: created \d+ \(of 300 rows\)\n$/)
    expect(run.stderr()).toMatch(
      /error: Could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    )
    // A row's tries back off for about half a minute before the service is given up on.
  }, 120_000)
})

// Ctrl+C and SIGTERM end an import wherever its calls wait. Behind a proxy that accepts and never
// answers, every call waits for its tunnel until its deadline (two minutes here); a cancel gives
// those calls up at once, as nothing of them was sent, and the rows stay for a resume.
import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { createServer, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TIMEOUT_LIMITS } from '../../src-shared/environments'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { cliSession } from '../helpers/cli-session'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

/** Waits for what the run does; the bound only keeps a broken run from hanging. */
const POLL = { timeout: 30_000, interval: 10 }

describeWithTestKeyring('an import through a proxy that never answers', () => {
  const certificate = testCertificate()
  const session = cliSession('cli-proxy-cancel', { NODE_EXTRA_CA_CERTS: certificate.certPath })
  const held: Socket[] = []
  let closed = 0
  const blackHole = createServer((socket) => {
    held.push(socket)
    // Read, so that the console's end of it is seen closing.
    socket.resume()
    socket.on('error', () => undefined).once('close', () => closed++)
  })
  let sandbox: RunningSandbox

  beforeAll(async () => {
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
    sandbox = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      credentials: {
        apiKey: `cancel-api-${randomBytes(8).toString('hex')}`,
        secretKey: `cancel-secret-${randomBytes(8).toString('hex')}`,
        userTokenSecret: 'cancel-hash',
      },
      tls: certificate,
    })
    const proxy = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`
    const added = await session.cli([
      ...['env', 'add', 'Behind', '--base-url', sandbox.baseUrl, '--proxy', proxy],
      ...['--timeout-ms', String(TIMEOUT_LIMITS.max)],
    ])
    expect(added.code, added.stderr).toBe(0)
    for (const [name, value] of Object.entries(sandbox.credentials)) {
      const set = await session.cli(['env', 'set-secret', 'Behind', name], { stdin: value })
      expect(set.code, set.stderr).toBe(0)
    }
  })
  afterAll(async () => {
    for (const socket of held) socket.destroy()
    blackHole.close()
    await sandbox.close()
    session.expectNoSecretShown(Object.values(sandbox.credentials))
    session.remove()
  })

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s ends it at once with %i, the waiting calls given up unsent',
    async (signal, code) => {
      const path = join(session.workDirectory, `${signal}.csv`)
      writeFileSync(path, 'token,status,firstname\r\nheld-0,2,Ana\r\nheld-1,2,Luis\r\n')
      const opened = held.length
      const run = session.spawn(['import', path, '--env', 'Behind', '--concurrency', '2'])
      // Both rows' calls are at the proxy, waiting for a CONNECT answer that never comes.
      await expect.poll(() => held.length - opened, POLL).toBe(2)
      run.child.kill(signal)
      let bound: NodeJS.Timeout | undefined
      const ended = await Promise.race([
        run.exited,
        // Within a second, as the docs promise: the calls' two-minute deadline would end them
        // otherwise (it ends at about 60 ms here).
        new Promise<'still waiting'>((resolve) => {
          bound = setTimeout(resolve, 1_000, 'still waiting')
        }),
      ])
      clearTimeout(bound)
      expect(ended, run.output()).toEqual({ code, signal: null })
      expect(run.stdout()).toBe('cancelled: no row done (of 2 rows)\n')
      expect(run.stderr()).toMatch(/to go on with it: integrator-console resume \S+/)
      // The console closed its connections to the proxy: nothing is left waiting there.
      await expect.poll(() => closed, POLL).toBe(held.length)
    },
  )
})

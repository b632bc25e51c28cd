import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { makeTempDir } from './temp-dir'

export interface RefusingProxy {
  url: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      )
    })
  })
}

/**
 * A company proxy whose rules let https tunnels go to port 443 only (tinyproxy's ConnectPort),
 * so a CONNECT to a service on any other port is refused (403): the policy refusal a person meets
 * when a proxy has not been told about a service.
 */
export async function startRefusingProxy(): Promise<RefusingProxy> {
  const dir = makeTempDir('refusing-proxy')
  const port = await freePort()
  const log = join(dir.path, 'proxy.log')
  const config = join(dir.path, 'tinyproxy.conf')
  writeFileSync(
    config,
    [
      `Port ${String(port)}`,
      'Listen 127.0.0.1',
      'Timeout 30',
      `LogFile "${log}"`,
      'LogLevel Info',
      'Allow 127.0.0.1',
      'ConnectPort 443',
    ].join('\n'),
  )
  const child = spawn('tinyproxy', ['-d', '-c', config], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const read = () => {
    try {
      return readFileSync(log, 'utf8')
    } catch {
      return ''
    }
  }
  // Ready once it says so in its log, as forward-proxy.ts waits for it.
  while (!read().includes('Accepting connections')) {
    if (child.exitCode !== null) throw new Error('tinyproxy did not start: is it installed?')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    url: `http://127.0.0.1:${String(port)}`,
    async stop() {
      child.kill('SIGTERM')
      await exited
      dir.remove()
    },
  }
}

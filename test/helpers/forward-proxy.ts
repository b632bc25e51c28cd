import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { makeTempDir } from './temp-dir'
import { spawnTied } from './tied-child'

export interface ForwardProxy {
  url: string
  /** The CONNECT requests it was asked for, as host:port, in order. */
  tunnels(): string[]
  /**
   * Every request it was asked for, as its method and target, in order: "GET http://host/path"
   * for an http call sent to it whole, "CONNECT host:port" for an https tunnel.
   */
  requests(): string[]
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0)
      })
    })
  })
}

/**
 * A real forward proxy (Debian's tinyproxy) on 127.0.0.1 with its own config and log, as a
 * company's would be: it tunnels https with CONNECT to any port, logs each request, and asks
 * for a name and password when given them (Basic).
 */
export async function startForwardProxy(
  options: {
    basicAuth?: { user: string; password: string }
    /**
     * The only ports it opens tunnels to (tinyproxy's ConnectPort): a CONNECT elsewhere gets 403,
     * the refusal a person meets where a proxy has not been told about a service.
     */
    connectPorts?: readonly number[]
  } = {},
): Promise<ForwardProxy> {
  const dir = makeTempDir('proxy')
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
      'MaxClients 50',
      'Allow 127.0.0.1',
      ...(options.basicAuth
        ? [`BasicAuth ${options.basicAuth.user} ${options.basicAuth.password}`]
        : []),
      ...(options.connectPorts ?? []).map((port) => `ConnectPort ${String(port)}`),
    ].join('\n'),
  )
  const { child, end } = spawnTied('tinyproxy', ['-d', '-c', config])
  // What it says is in its log file; anything it prints is read and dropped, so it never blocks.
  child.stdout.resume()
  child.stderr.resume()
  const read = () => {
    try {
      return readFileSync(log, 'utf8')
    } catch {
      return ''
    }
  }
  // Ready once it says so in its log: it listens from then on.
  for (;;) {
    if (read().includes('Accepting connections')) break
    if (child.exitCode !== null) throw new Error('tinyproxy did not start: is it installed?')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return {
    url: `http://127.0.0.1:${String(port)}`,
    tunnels: () =>
      [...read().matchAll(/Request \(file descriptor \d+\): CONNECT (\S+)/g)].map(
        ([, target = '']) => target,
      ),
    requests: () =>
      [...read().matchAll(/Request \(file descriptor \d+\): (\S+ \S+)/g)].map(
        ([, request = '']) => request,
      ),
    async stop() {
      await end()
      dir.remove()
    },
  }
}

import { connect, createServer } from 'node:net'
import { spawnTied } from './tied-child'

export interface SocksServer {
  /** socks5h://127.0.0.1:port, without its login. */
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

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

/**
 * A real SOCKS5 server (Debian's microsocks) on 127.0.0.1, asking for this name and password:
 * what a company's SOCKS proxy, or an SSH `-D` tunnel, is to a call.
 */
export async function startSocksServer(login: {
  user: string
  password: string
}): Promise<SocksServer> {
  const port = await freePort()
  const { child, exited, end } = spawnTied('microsocks', [
    '-i',
    '127.0.0.1',
    '-p',
    String(port),
    '-u',
    login.user,
    '-P',
    login.password,
  ])
  child.stdout.resume()
  child.stderr.resume()
  const state = { gone: false }
  void exited.then(() => (state.gone = true))
  // Ready once it takes a connection.
  while (!(await accepts(port))) {
    if (state.gone) throw new Error('microsocks ended before it listened')
    await new Promise((resolve) => setImmediate(resolve))
  }
  return { url: `socks5h://127.0.0.1:${String(port)}`, stop: end }
}

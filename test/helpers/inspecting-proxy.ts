import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from './temp-dir'
import { spawnTied } from './tied-child'

export interface InspectingProxy {
  url: string
  /** The CA it signs its stand-in certificates with, as a file: what a company gives its staff. */
  caPath: string
  stop(): Promise<void>
}

/**
 * A TLS-inspecting proxy as companies run them: Debian's mitmproxy (mitmdump) on 127.0.0.1, with
 * a configuration folder of its own where it makes its CA at start. It opens each https tunnel
 * itself and shows the client a certificate of its own CA for the host asked for; upstream it
 * trusts only `upstreamCaPath` (the private CA the test's service is served with).
 */
export async function startInspectingProxy(upstreamCaPath: string): Promise<InspectingProxy> {
  const dir = makeTempDir('mitm')
  const { child, exited, end } = spawnTied(
    'mitmdump',
    [
      '--listen-host',
      '127.0.0.1',
      '--listen-port',
      '0',
      '--set',
      `confdir=${dir.path}`,
      '--set',
      `ssl_verify_upstream_trusted_ca=${upstreamCaPath}`,
    ],
    // Python holds back what it prints to a pipe until it has a block of it: unbuffered, the line
    // that says where it listens comes when it is written, whatever the caller's environment.
    { ...process.env, PYTHONUNBUFFERED: '1' },
  )
  const caPath = join(dir.path, 'mitmproxy-ca-cert.pem')
  // Ready once it says where it listens; its CA is written before its server starts.
  const port = await new Promise<string>((resolve, reject) => {
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const listening = /listening at 127\.0\.0\.1:(\d+)/.exec(output)?.[1]
      if (listening !== undefined) resolve(listening)
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exited.then(() =>
      reject(new Error(`mitmdump did not start (is mitmproxy installed?): ${output}`)),
    )
  })
  if (!existsSync(caPath)) {
    await end()
    throw new Error(`mitmdump made no CA at ${caPath}`)
  }
  return {
    url: `http://127.0.0.1:${port}`,
    caPath,
    async stop() {
      await end()
      dir.remove()
    },
  }
}

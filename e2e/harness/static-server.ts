import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/** Serves the built renderer (out/renderer) on 127.0.0.1, as Electron would load it from disk. */
export async function serveRenderer(
  root: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const base = resolve(root)
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'))
    const file = join(base, path === '/' ? 'index.html' : path)
    if (!file.startsWith(base)) {
      response.writeHead(403).end()
      return
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        })
        response.end(body)
      },
      () => response.writeHead(404).end(),
    )
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

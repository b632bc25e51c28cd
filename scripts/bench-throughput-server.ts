// One server of the throughput bench, in a process of its own: `sandbox` (the sandbox itself) or
// `minimal` (node:http and libsql on the same database settings, answering Retrieve's path with
// the row as JSON and nothing else). Prints its port, runs until killed.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { openDatabase } from '../src-sandbox/database'
import { startSandbox } from '../src-sandbox/server'

const [kind, databasePath, apiKey, secretKey, userTokenSecret] = process.argv.slice(2)
if (!databasePath || !apiKey || !secretKey || !userTokenSecret)
  throw new Error('usage: bench-throughput-server sandbox|minimal DB API_KEY SECRET_KEY SECRET')

if (kind === 'sandbox') {
  const sandbox = await startSandbox({
    port: 0,
    databasePath,
    credentials: { apiKey, secretKey, userTokenSecret },
  })
  process.stdout.write(`${sandbox.port}\n`)
} else {
  const db = openDatabase(databasePath)
  const byToken = db.prepare('SELECT * FROM users WHERE token = ?')
  const prefix = '/api/v3/pendingCompanyUsers/'
  const server = createServer((request, response) => {
    const url = request.url ?? ''
    if (request.headers.apikey !== apiKey || request.headers.secretkey !== secretKey) {
      response.writeHead(401).end()
      return
    }
    const row = url.startsWith(prefix) ? byToken.get(url.slice(prefix.length)) : undefined
    if (row === undefined) {
      response.writeHead(404).end()
      return
    }
    const text = JSON.stringify(row)
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    })
    response.end(text)
  })
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${(server.address() as AddressInfo).port}\n`)
  })
}

import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runBuiltCli } from '../helpers/cli-process'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'

const temp = makeTempDir('cli-contract')
let sandbox: TestSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(async () => {
  await sandbox.stop()
  temp.remove()
})

const env = { PATH: process.env.PATH, HOME: temp.path }
const listening = (server: Server) =>
  new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()))
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

// The same document, but for its servers: a served one names the sandbox that served it, a
// printed one a sandbox on this machine at any port.
async function servedWithoutServers(path: string) {
  const { servers, ...served } = (await (await fetch(`${sandbox.baseUrl}${path}`)).json()) as {
    servers: { url: string }[]
  }
  expect(servers.map((server) => server.url)).toEqual([sandbox.baseUrl])
  return served
}
const withoutServers = (text: string) => {
  const { servers, ...rest } = JSON.parse(text) as { servers: { url: string }[] }
  expect(servers.map((server) => server.url)).toEqual(['http://127.0.0.1:{port}'])
  return rest
}

it("openapi prints the service's contract the sandbox serves, or writes it to the file named", async () => {
  const printed = await runBuiltCli(['openapi'], { env })
  expect(printed.code).toBe(0)
  const served = await servedWithoutServers('/openapi.json')
  expect(withoutServers(printed.stdout)).toEqual(served)

  const file = join(temp.path, 'openapi.json')
  expect((await runBuiltCli(['openapi', '--output', file], { env })).code).toBe(0)
  expect(withoutServers(readFileSync(file, 'utf8'))).toEqual(served)
  writeFileSync(file, 'an older one')
  expect((await runBuiltCli(['openapi', '-o', file], { env })).code).toBe(0)
  expect(withoutServers(readFileSync(file, 'utf8'))).toEqual(served)
})

it("openapi --sandbox prints the sandbox's own document, apart from the service's", async () => {
  const printed = await runBuiltCli(['openapi', '--sandbox'], { env })
  expect(printed.code).toBe(0)
  const own = withoutServers(printed.stdout) as { paths: Record<string, unknown> }
  expect(own).toEqual(await servedWithoutServers('/_sandbox/openapi.json'))
  expect(Object.keys(own.paths)).toContain('/_sandbox/reset')
  const service = withoutServers((await runBuiltCli(['openapi'], { env })).stdout) as typeof own
  expect(Object.keys(service.paths).filter((path) => path in own.paths)).toEqual([])
})

it("sandbox-export prints a running sandbox's users as a seed, with its credentials only", async () => {
  const user = { token: 'seeded-by-export', status: 0, firstname: 'Ana' }
  await sandbox.call('POST', '/api/v3/pendingCompanyUsers', { json: user })
  const credentials = {
    SANDBOX_API_KEY: sandbox.credentials.apiKey,
    SANDBOX_SECRET_KEY: sandbox.credentials.secretKey,
  }
  const exported = await runBuiltCli(['sandbox-export', '--url', sandbox.baseUrl], {
    env: { ...env, ...credentials },
  })
  expect(exported.code).toBe(0)
  expect((JSON.parse(exported.stdout) as { users: unknown[] }).users).toContainEqual({
    ...user,
    has_video_call: 0,
    has_video_call_1to1: 0,
  })

  const refused = await runBuiltCli(['sandbox-export', '--url', sandbox.baseUrl], {
    env: { ...env, ...credentials, SANDBOX_SECRET_KEY: 'not-the-secret-key' },
  })
  expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 1, stdout: '' })
  expect(refused.stderr).toContain('refused SANDBOX_API_KEY / SANDBOX_SECRET_KEY (401)')

  const unset = await runBuiltCli(['sandbox-export', '--url', sandbox.baseUrl], { env })
  expect(unset.code).toBe(2)
  expect(unset.stderr).toContain('Set SANDBOX_API_KEY and SANDBOX_SECRET_KEY')
})

it('sandbox-export sends the keys nowhere but the sandbox named', async () => {
  const keys = { SANDBOX_API_KEY: 'a'.repeat(16), SANDBOX_SECRET_KEY: 'b'.repeat(16) }
  const remote = await runBuiltCli(['sandbox-export', '--url', 'http://sandbox.example.com'], {
    env: { ...env, ...keys },
  })
  expect(remote.code).toBe(2)
  expect(remote.stderr).toContain('http:// is only for a sandbox on this machine')

  const seen: string[] = []
  const elsewhere = createServer((request, response) => {
    seen.push(String(request.url))
    response.end('{"users":[]}')
  })
  const redirecting = createServer((_request, response) => {
    response.writeHead(307, { location: `${origin(elsewhere)}/_sandbox/export` }).end()
  })
  await Promise.all([listening(elsewhere), listening(redirecting)])
  try {
    const run = await runBuiltCli(['sandbox-export', '--url', origin(redirecting)], {
      env: { ...env, ...keys },
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('answered 307')
    expect(seen).toEqual([])
  } finally {
    elsewhere.close()
    redirecting.close()
  }
})

it('sandbox-export says a sandbox that is not there was not reached', async () => {
  const closed = await startTestSandbox()
  const url = closed.baseUrl
  await closed.stop()
  const run = await runBuiltCli(['sandbox-export', '--url', url], {
    env: { ...env, SANDBOX_API_KEY: 'a'.repeat(16), SANDBOX_SECRET_KEY: 'b'.repeat(16) },
  })
  expect(run.code).toBe(3)
  expect(run.stderr).toContain('could not be reached')
})

// `npm run bench`, proxy part: a Retrieve through a real forward proxy (Debian's tinyproxy on
// loopback, a CONNECT tunnel) and straight, each through core.dispatch and as a raw request on
// Node's own agent, interleaved call by call (bench-measure.ts). The raw pair is the floor, the
// proxy's own cost; the console should add nothing on top of it: its dispatch/raw ratio through
// the proxy should match its ratio straight. The sandbox serves https (plain http never meets a
// proxy), in this process: its work is the same on both sides. Runs bundled, inside
// scripts/with-test-keyring.sh, as bench-core does.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { Agent } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { createCore, type Core } from '../src-main/core/create-core'
import type { ProxySettingInput } from '../src-shared/environments'
import type { FileGrant, Result } from '../src-shared/ipc'
import { startForwardProxy } from '../test/helpers/forward-proxy'
import { measure, MEASURED_CALLS, rawRequest, WARM_UP_CALLS, type Measured } from './bench-measure'
import { startSandbox, type RunningSandbox } from '../src-sandbox/server'
import { testCertificate } from '../test/helpers/tls-certificate'
import { summary } from './bench-summary'
import { sized } from './bench-process'

const USER = 'bench-proxy-user'
const PATH = `/api/v3/pendingCompanyUsers/${USER}`

const CURL_CALLS = sized(1_000, 10)
const CURL_WARM_UP = sized(100, 2)

/**
 * curl through the same proxy: one process making CURL_CALLS GETs over one kept-alive tunnel,
 * each transfer's own time (its process start is not in it); the first ones, which open the
 * tunnel, are left out as the console's warm-up calls are. The headers go in a file, not argv.
 */
async function curlTimes(url: string, proxyUrl: string, caFile: string, headerFile: string) {
  const args = ['-sS', '--proxy', proxyUrl, '--cacert', caFile, '-H', `@${headerFile}`]
  args.push('-w', '%{time_total}\\n')
  for (let i = 0; i < CURL_CALLS; i++) args.push(url, '-o', '/dev/null')
  const { stdout } = await promisify(execFile)('curl', args, { maxBuffer: 1 << 20 })
  return stdout
    .trim()
    .split('\n')
    .slice(CURL_WARM_UP)
    .map((seconds) => Number(seconds) * 1000)
}

async function coreOn(
  dataDirectory: string,
  keychainService: string,
  sandbox: RunningSandbox,
  name: string,
  proxy: ProxySettingInput,
  caFile: string,
): Promise<Core> {
  const core = createCore({ dataDirectory, version: '0.0.0-bench', face: 'cli', keychainService })
  const ok = async <T>(result: Promise<unknown>): Promise<T> => {
    const settled = (await result) as Result<T>
    if (!settled.ok) throw new Error(settled.error.said.text)
    return settled.data
  }
  const ca = await ok<FileGrant>(
    core.dispatch('files:typed', { purpose: 'open', format: 'pem', path: caFile }),
  )
  const saved = await ok<{ id: string }>(
    core.dispatch('environments:save', {
      name,
      baseUrl: sandbox.baseUrl,
      kind: 'staging',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: 15_000,
      proxy,
      tls: { caFile: ca.handle, caOnly: true },
    }),
  )
  for (const secret of ['apiKey', 'secretKey'] as const)
    await ok(
      core.dispatch('environments:setSecret', {
        id: saved.id,
        name: secret,
        value: sandbox.credentials[secret],
      }),
    )
  await core.pinEnvironment(saved.id)
  return core
}

async function main(): Promise<void> {
  if (process.env.INTEGRATOR_CONSOLE_TEST_KEYRING !== '1')
    throw new Error('bench-proxy uses the keychain: run it with `npm run bench`')
  const certificate = testCertificate()
  const sandbox = await startSandbox({ port: 0, databasePath: ':memory:', tls: certificate })
  const proxy = await startForwardProxy()
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ic-bench-proxy-'))
  // Outside the console's data folder, which it takes no file from, as a user's own would be.
  const files = mkdtempSync(join(tmpdir(), 'ic-bench-proxy-files-'))
  const caFile = join(files, 'sandbox-ca.pem')
  writeFileSync(caFile, certificate.cert)
  const keychainService = `integrator-console-bench-${randomUUID()}`
  const direct = await coreOn(
    dataDirectory,
    keychainService,
    sandbox,
    'Direct',
    { mode: 'none' },
    caFile,
  )
  const proxied = await coreOn(
    dataDirectory,
    keychainService,
    sandbox,
    'Proxied',
    { mode: 'url', url: proxy.url },
    caFile,
  )
  const headers = {
    accept: 'application/json, application/problem+json',
    apiKey: sandbox.credentials.apiKey,
    secretKey: sandbox.credentials.secretKey,
  }
  // As the console's: keep-alive agents that trust the sandbox's certificate alone.
  const agents = {
    direct: new Agent({ keepAlive: true, ca: certificate.cert }),
    proxied: new Agent({
      keepAlive: true,
      ca: certificate.cert,
      proxyEnv: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
    }),
  }
  const retrieve = async (core: Core) => {
    const result = await core.dispatch('users:retrieve', { token: USER })
    if (!result.ok) throw new Error(result.error.said.text)
  }
  try {
    await direct.dispatch('users:create', { user: { token: USER, status: 2 } })
    process.stdout.write(
      `\nA Retrieve straight and through tinyproxy on ${proxy.url}: ${WARM_UP_CALLS} warm-up calls, ` +
        `then up to ${MEASURED_CALLS} per side, dispatch and raw interleaved call by call. Raw = ` +
        "node:https on a keep-alive agent (through the proxy: Node's proxyEnv agent, one tunnel kept alive, as the console's).\n\n",
    )
    const results: Measured[] = [
      await measure(
        {
          name: 'retrieve straight',
          viaCore: () => retrieve(direct),
          viaRaw: async () => {
            await rawRequest(`${sandbox.baseUrl}${PATH}`, agents.direct, headers)
          },
        },
        0,
      ),
      await measure(
        {
          name: 'retrieve via proxy',
          viaCore: () => retrieve(proxied),
          viaRaw: async () => {
            await rawRequest(`${sandbox.baseUrl}${PATH}`, agents.proxied, headers)
          },
        },
        0,
      ),
    ]
    process.stdout.write(`${summary(results)}\n`)
    const headerFile = join(files, 'headers.txt')
    writeFileSync(
      headerFile,
      Object.entries(headers)
        .map(([n, v]) => `${n}: ${v}\n`)
        .join(''),
    )
    const curl = await curlTimes(`${sandbox.baseUrl}${PATH}`, proxy.url, caFile, headerFile)
    const median = (values: readonly number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
    const [straight, via] = results
    if (straight && via)
      process.stdout.write(
        `\nThe proxy's own cost (raw via proxy / raw straight, p50): ${(median(via.raw) / median(straight.raw)).toFixed(2)}x; ` +
          `the console's (dispatch via proxy / dispatch straight, p50): ${(median(via.core) / median(straight.core)).toFixed(2)}x\n` +
          `Through the same proxy, p50: the console ${median(via.core).toFixed(2)} ms, curl ${median(curl).toFixed(2)} ms ` +
          `(${curl.length} transfers on one tunnel, one process): ${(median(via.core) / median(curl)).toFixed(2)}x (target at most 1.10x)\n`,
      )
  } finally {
    await direct.dispose()
    await proxied.dispose()
    agents.direct.destroy()
    agents.proxied.destroy()
    await proxy.stop()
    await sandbox.close()
    rmSync(dataDirectory, { recursive: true, force: true })
    rmSync(files, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})

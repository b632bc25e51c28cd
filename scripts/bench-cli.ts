// `npm run bench`, last part: `integrator-console jwt issue` from a cold start to its exit, against
// a local sandbox process, beside the same call made by `curl` with the userToken's HMAC computed
// by `openssl`, in the same run. 20 runs each, interleaved; the medians and their ratio. Runs
// inside the throwaway keyring (the command reads its secrets from it, as it does for a user).
// Beside them, Node's floor for the same work: Node's start alone, and a few lines of plain Node
// that make the same call with the secrets handed over in variables (no keychain, no checks).
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const RUNS = 20
const WARM_UP = 3
const CLI = resolve('out/cli/integrator-console.mjs')

// The same Authenticate in as little Node as it takes: node:crypto's HMAC and node:http (the
// bench's sandbox serves plain http on loopback), with the secrets in variables. Anything but a
// 200 is said on stderr and fails the bench.
const PLAIN_NODE_CALL = `
import { createHmac, randomUUID } from 'node:crypto'
import { request } from 'node:http'
const { URL: base, AK, SK, UTS } = process.env
const userToken = createHmac('sha256', UTS).update('bench-user').digest('hex')
const url = base + '/2/authenticate?installationGuid=' + randomUUID() + '&userToken=' + userToken
request(url, { headers: { apiKey: AK, secretKey: SK } }, (response) => {
  response.resume().on('end', () => {
    if (response.statusCode === 200) return
    process.stderr.write('the service answered ' + response.statusCode + '\\n')
    process.exitCode = 1
  })
}).end()
`

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0
}

function timed(command: string, args: string[], env: NodeJS.ProcessEnv, input?: string): number {
  const started = performance.now()
  const result = spawnSync(command, args, { env, input, encoding: 'utf8' })
  const ms = performance.now() - started
  if (result.status !== 0)
    throw new Error(`${command} ${args[0] ?? ''} failed (${result.status}): ${result.stderr}`)
  return ms
}

async function main(): Promise<void> {
  if (process.env.INTEGRATOR_CONSOLE_TEST_KEYRING !== '1')
    throw new Error('bench-cli uses the keychain: run it with `npm run bench`')
  const dir = mkdtempSync(join(tmpdir(), 'ic-bench-cli-'))
  const secrets = {
    apiKey: randomBytes(18).toString('base64url'),
    secretKey: randomBytes(18).toString('base64url'),
    userTokenSecret: randomBytes(18).toString('base64url'),
  }
  const env = {
    ...process.env,
    INTEGRATOR_CONSOLE_USER_DATA: dir,
    INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: `integrator-console-bench-${randomBytes(6).toString('hex')}`,
  }
  const sandbox = spawn(process.execPath, [CLI, 'sandbox'], {
    env: {
      ...env,
      SANDBOX_PORT: '0',
      SANDBOX_DB: ':memory:',
      SANDBOX_API_KEY: secrets.apiKey,
      SANDBOX_SECRET_KEY: secrets.secretKey,
      SANDBOX_USER_TOKEN_SECRET: secrets.userTokenSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const baseUrl = await new Promise<string>((found, fail) => {
      let output = ''
      sandbox.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /listening on (\S+)/.exec(output)
        if (match?.[1]) found(match[1])
      })
      sandbox.once('exit', () => fail(new Error('the sandbox exited')))
    })
    const cli = (args: string[], input?: string) =>
      timed(process.execPath, [CLI, ...args], env, input)
    cli(['env', 'add', 'Bench', '--base-url', baseUrl])
    for (const [name, value] of Object.entries(secrets))
      cli(['env', 'set-secret', 'Bench', name], value)
    cli(['env', 'use', 'Bench'])
    cli(['users', 'create', '--json', '-'], '{"token":"bench-user","status":2}')

    // The same Authenticate by hand: the HMAC by openssl, the call by curl, in one shell.
    const script =
      'H=$(printf %s bench-user | openssl dgst -sha256 -hmac "$UTS" | sed "s/.* //"); ' +
      'curl -sf -o /dev/null -H "apiKey: $AK" -H "secretKey: $SK" ' +
      '"$URL/2/authenticate?installationGuid=$(cat /proc/sys/kernel/random/uuid)&userToken=$H"'
    // The whole environment, HOME included: without it bash looks the user up at every start,
    // which costs this machine 140 ms and would flatter the command line.
    const curlEnv = {
      ...process.env,
      URL: baseUrl,
      AK: secrets.apiKey,
      SK: secrets.secretKey,
      UTS: secrets.userTokenSecret,
    }
    const issue = () => cli(['jwt', 'issue', 'bench-user'])
    const byHand = () => timed('bash', ['-c', script], curlEnv)
    const bareNode = () => timed(process.execPath, ['-e', ''], env)
    const plainNode = () =>
      timed(process.execPath, ['--input-type=module', '-e', PLAIN_NODE_CALL], curlEnv)
    for (let i = 0; i < WARM_UP; i++) {
      issue()
      byHand()
      bareNode()
      plainNode()
    }
    const times = {
      cli: [] as number[],
      curl: [] as number[],
      node: [] as number[],
      plain: [] as number[],
    }
    for (let i = 0; i < RUNS; i++) {
      times.cli.push(issue())
      times.curl.push(byHand())
      times.node.push(bareNode())
      times.plain.push(plainNode())
    }
    const [cliMs, curlMs, nodeMs, plainMs] = [
      median(times.cli),
      median(times.curl),
      median(times.node),
      median(times.plain),
    ]
    process.stdout.write(
      `\nCommand line, cold start to exit (median of ${RUNS}, interleaved, sandbox process on ${baseUrl}):\n` +
        `  integrator-console jwt issue   ${cliMs.toFixed(0)} ms\n` +
        `  curl + openssl HMAC            ${curlMs.toFixed(0)} ms\n` +
        `  node -e '' (Node's own start)  ${nodeMs.toFixed(0)} ms\n` +
        `  plain Node, the same call      ${plainMs.toFixed(0)} ms (secrets in variables, no checks)\n` +
        `  ratio ${(cliMs / curlMs).toFixed(1)}x (target 3x); Node's own start alone is ${(nodeMs / curlMs).toFixed(1)}x, ` +
        `plain Node's call ${(plainMs / curlMs).toFixed(1)}x; the command is ${(cliMs / plainMs).toFixed(1)}x plain Node's call\n`,
    )
  } finally {
    sandbox.kill('SIGTERM')
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()

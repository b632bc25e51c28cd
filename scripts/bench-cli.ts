// `npm run bench`, the command line: `integrator-console jwt issue` from a cold start to its exit,
// against a sandbox process, beside Node's floor for the same call (scripts/bench-floor-jwt.cjs:
// CommonJS, node:crypto's HMAC and node:http, the secrets in variables), interleaved in the same
// run, wall and CPU (the CPU holds on a busy machine). The compile cache on both sides: the
// command keeps one, the floor is given one. `--version` beside `node -e 0`, and curl + openssl
// for reference. Runs inside the throwaway keyring: the keychain route reads its secrets from it.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { medianCost, ratioLine, sized, timedProcess, type Cost } from './bench-process'

const RUNS = sized(20, 1)
const WARM_UP = sized(3, 0)
const CLI = resolve('out/cli/integrator-console.mjs')
const FLOOR = resolve('scripts/bench-floor-jwt.cjs')

async function sandboxUrl(
  env: NodeJS.ProcessEnv,
  secrets: Record<string, string>,
): Promise<{ url: string; stop(): void }> {
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
  const url = await new Promise<string>((found, fail) => {
    let output = ''
    sandbox.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (\S+)/.exec(output)
      if (match?.[1]) found(match[1])
    })
    sandbox.once('exit', () => fail(new Error('the sandbox exited')))
  })
  return { url, stop: () => sandbox.kill('SIGTERM') }
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
    // The command's compile cache in this run's folder: warmed by the warm-up, gone afterwards.
    XDG_CACHE_HOME: join(dir, 'cache'),
  }
  const sandbox = await sandboxUrl(env, secrets)
  try {
    const cli = (args: string[], input?: string, extra: NodeJS.ProcessEnv = {}) =>
      timedProcess(process.execPath, [CLI, ...args], { ...env, ...extra }, input)
    cli(['env', 'add', 'Bench', '--base-url', sandbox.url])
    for (const [name, value] of Object.entries(secrets))
      cli(['env', 'set-secret', 'Bench', name], value)
    cli(['env', 'use', 'Bench'])
    cli(['users', 'create', '--json', '-'], '{"token":"bench-user","status":2}')

    // The secrets in variables, under the names the command line reads and the floor reads too.
    const variables = {
      INTEGRATOR_BASE_URL: sandbox.url,
      INTEGRATOR_API_KEY: secrets.apiKey,
      INTEGRATOR_SECRET_KEY: secrets.secretKey,
      INTEGRATOR_USER_TOKEN_SECRET: secrets.userTokenSecret,
    }
    const plain = { ...env, ...variables, NODE_COMPILE_CACHE: join(dir, 'cache', 'floor') }
    const script =
      'H=$(printf %s bench-user | openssl dgst -sha256 -hmac "$INTEGRATOR_USER_TOKEN_SECRET" | sed "s/.* //"); ' +
      'curl -sf -o /dev/null -H "apiKey: $INTEGRATOR_API_KEY" -H "secretKey: $INTEGRATOR_SECRET_KEY" ' +
      '"$INTEGRATOR_BASE_URL/2/authenticate?installationGuid=$(cat /proc/sys/kernel/random/uuid)&userToken=$H"'
    const measures = {
      keychain: () => cli(['jwt', 'issue', 'bench-user']),
      fromEnv: () =>
        cli(['jwt', 'issue', 'bench-user', '--env', 'Bench', '--credentials-from-env'], undefined, {
          ...variables,
        }),
      floor: () => timedProcess(process.execPath, [FLOOR, 'bench-user'], plain),
      version: () => cli(['--version']),
      bareNode: () => timedProcess(process.execPath, ['-e', '0'], plain),
      curl: () => timedProcess('bash', ['-c', script], plain),
    }
    const names = Object.keys(measures) as (keyof typeof measures)[]
    for (let i = 0; i < WARM_UP; i++) for (const name of names) measures[name]()
    const costs = Object.fromEntries(names.map((name) => [name, [] as Cost[]])) as Record<
      keyof typeof measures,
      Cost[]
    >
    for (let i = 0; i < RUNS; i++) for (const name of names) costs[name].push(measures[name]())
    const m = Object.fromEntries(names.map((name) => [name, medianCost(costs[name])])) as Record<
      keyof typeof measures,
      Cost
    >
    process.stdout.write(
      `\nCommand line, cold start to exit (medians of ${RUNS}, interleaved, compile cache on both sides; sandbox process on ${sandbox.url}):\n` +
        ratioLine('jwt issue --credentials-from-env vs the Node floor', m.fromEnv, m.floor, 2) +
        ratioLine('jwt issue (keychain) vs the Node floor', m.keychain, m.floor, 2) +
        ratioLine('--version vs node -e 0', m.version, m.bareNode, 1.3) +
        ratioLine('the Node floor vs curl + openssl HMAC', m.floor, m.curl),
    )
  } finally {
    sandbox.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()

import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// The sandbox's credentials: fixed for the run, so the command line can read them too.
const credentials = {
  SANDBOX_API_KEY: 'e2e-api-key',
  SANDBOX_SECRET_KEY: 'e2e-secret-key',
  SANDBOX_USER_TOKEN_SECRET: 'e2e-user-token-secret',
}
export const SANDBOX_URL = 'http://127.0.0.1:4020'

export default async function globalSetup() {
  // A data folder of the run's own: its environment list, not yours.
  const dataFolder = mkdtempSync(join(tmpdir(), 'e2e-console-'))
  process.env.INTEGRATOR_CONSOLE_USER_DATA = dataFolder
  const sandbox = spawn('npx', ['integrator-console', 'sandbox'], {
    env: {
      ...process.env,
      ...credentials,
      SANDBOX_PORT: '4020',
      SANDBOX_DB: ':memory:',
      SANDBOX_SEED: join(import.meta.dirname, 'seed.json'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its own process group: npx does not pass a stop on to the command it runs.
    detached: true,
  })
  const stop = async () => {
    if (sandbox.pid !== undefined && sandbox.exitCode === null) {
      const stopped = new Promise((done) => sandbox.once('exit', done))
      process.kill(-sandbox.pid, 'SIGTERM')
      await stopped
    }
    rmSync(dataFolder, { recursive: true, force: true })
  }

  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error('the sandbox did not start in 30 s')), 30_000)
      sandbox.stdout.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('listening on')) return
        clearTimeout(timer)
        ready()
      })
      sandbox.once('exit', (code) => fail(new Error(`the sandbox exited (${code})`)))
    })

    // No keychain on a CI machine: the command line reads the credentials from variables, and
    // sends them to the environment named with --env only.
    const integratorConsole = (...args: string[]) =>
      execFileSync('npx', ['integrator-console', ...args], {
        encoding: 'utf8',
        env: {
          ...process.env,
          INTEGRATOR_API_KEY: credentials.SANDBOX_API_KEY,
          INTEGRATOR_SECRET_KEY: credentials.SANDBOX_SECRET_KEY,
          INTEGRATOR_USER_TOKEN_SECRET: credentials.SANDBOX_USER_TOKEN_SECRET,
        },
      })
    const onSandbox = ['--env', 'E2E sandbox', '--credentials-from-env']
    integratorConsole('env', 'add', 'E2E sandbox', '--base-url', SANDBOX_URL)
    integratorConsole(
      'users',
      'create',
      '--json',
      join(import.meta.dirname, 'bruno.json'),
      ...onSandbox,
    )
    process.env.INTEGRATOR_JWT = integratorConsole(
      'jwt',
      'issue',
      'bruno@example.com',
      ...onSandbox,
    ).trim()
  } catch (error) {
    await stop()
    throw error
  }
  return stop
}

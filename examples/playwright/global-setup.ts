import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
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
  process.env.INTEGRATOR_CONSOLE_USER_DATA = mkdtempSync(join(tmpdir(), 'e2e-console-'))
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
  await new Promise<void>((ready, fail) => {
    sandbox.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) ready()
    })
    sandbox.once('exit', (code) => fail(new Error(`the sandbox exited (${code})`)))
  })

  // No keychain on a CI machine: the command line reads the same credentials from variables.
  const integratorConsole = (...args: string[]) =>
    execFileSync('npx', ['integrator-console', ...args, '--credentials-from-env'], {
      encoding: 'utf8',
      env: {
        ...process.env,
        INTEGRATOR_API_KEY: credentials.SANDBOX_API_KEY,
        INTEGRATOR_SECRET_KEY: credentials.SANDBOX_SECRET_KEY,
        INTEGRATOR_USER_TOKEN_SECRET: credentials.SANDBOX_USER_TOKEN_SECRET,
      },
    })
  integratorConsole('env', 'add', 'E2E sandbox', '--base-url', SANDBOX_URL)
  integratorConsole('env', 'use', 'E2E sandbox')
  integratorConsole('users', 'create', '--json', join(import.meta.dirname, 'bruno.json'))
  process.env.INTEGRATOR_JWT = integratorConsole('jwt', 'issue', 'bruno@example.com').trim()

  return async () => {
    const stopped = new Promise((done) => sandbox.once('exit', done))
    process.kill(-(sandbox.pid ?? 0), 'SIGTERM')
    await stopped
  }
}

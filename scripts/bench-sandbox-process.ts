// `npm run bench`, core part: the sandbox the core is measured against, as a process of its own.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { generateSecret, type SandboxCredentials } from '../src-sandbox/options'

export interface SandboxProcess {
  baseUrl: string
  credentials: SandboxCredentials
  close(): Promise<void>
}

/**
 * The sandbox as its own process, started as `npm run sandbox` starts it (from the project
 * folder, which is where npm runs scripts): a service is never inside the console's process, and
 * in the same process its work would be counted on both sides and compete with the core's.
 */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const credentials = {
    apiKey: generateSecret(),
    secretKey: generateSecret(),
    userTokenSecret: generateSecret(),
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-sandbox/cli.ts'], {
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      SANDBOX_DB: ':memory:',
      SANDBOX_API_KEY: credentials.apiKey,
      SANDBOX_SECRET_KEY: credentials.secretKey,
      SANDBOX_USER_TOKEN_SECRET: credentials.userTokenSecret,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  let output = ''
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const address = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      if (address) resolve(address)
    })
    void exited.then(() => reject(new Error(`the sandbox exited before listening:\n${output}`)))
  })
  return {
    baseUrl,
    credentials,
    async close() {
      child.kill('SIGTERM')
      await exited
    },
  }
}

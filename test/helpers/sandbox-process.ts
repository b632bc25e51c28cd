import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')

export interface SandboxProcess {
  child: ChildProcess
  baseUrl: string
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `npm run sandbox`, as package.json runs it. */
export const NPM_RUN_SANDBOX = ['--import', 'tsx', 'src-sandbox/cli.ts']

/** Runs the sandbox (as `npm run sandbox` does, unless told), and waits until it prints its URL. */
export async function spawnSandbox(
  env: Record<string, string>,
  nodeArguments: readonly string[] = NPM_RUN_SANDBOX,
): Promise<SandboxProcess> {
  const child = spawn(process.execPath, nodeArguments, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolveUrl(match[1])
    }
    child.stdout.on('data', onData)
    void exited.then(() => reject(new Error(`the sandbox exited early:\n${output}`)))
  })
  return { child, baseUrl, output: () => output, exited }
}

import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { watchChild, type WatchedChild } from './watched-child'

const ROOT = resolve(import.meta.dirname, '../..')

export interface SandboxProcess extends WatchedChild {
  baseUrl: string
}

/** `npm run sandbox`, as package.json runs it. */
const NPM_RUN_SANDBOX = ['--import', 'tsx', 'src-sandbox/cli.ts']

/** Runs the sandbox (as `npm run sandbox` does, unless told), and waits until it prints its URL. */
export async function spawnSandbox(
  env: Record<string, string>,
  nodeArguments: readonly string[] = NPM_RUN_SANDBOX,
): Promise<SandboxProcess> {
  const watched = watchChild(
    spawn(process.execPath, nodeArguments, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const baseUrl = await new Promise<string>((resolveUrl, reject) => {
    const onData = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(watched.output())
      if (match?.[1]) resolveUrl(match[1])
    }
    watched.child.stdout.on('data', onData)
    void watched.exited.then(() =>
      reject(new Error(`the sandbox exited early:\n${watched.output()}`)),
    )
  })
  return { ...watched, baseUrl }
}

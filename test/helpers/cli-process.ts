import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

export const CLI_PATH = resolve(import.meta.dirname, '../../out/cli/integrator-console.mjs')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * The built `integrator-console`, run as a user runs it: a process of its own, with this
 * environment (nothing of the test's own unless given) and this standard input. It speaks
 * English unless `locale` (an LC_ALL value) says otherwise, whatever the machine's LANG.
 */
export function runBuiltCli(
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; stdin?: string; cwd?: string; locale?: string },
): Promise<CliRun> {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run \`npm run build\` before these tests`)
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [CLI_PATH, ...args],
      {
        env: { ...options.env, LC_ALL: options.locale ?? 'C.UTF-8' },
        cwd: options.cwd,
        maxBuffer: 16 * 1024 * 1024,
        timeout: 15_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        done({ code, stdout, stderr })
      },
    )
    child.stdin?.end(options.stdin ?? '')
  })
}

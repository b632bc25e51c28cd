import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// A stand-in for a test worker: it starts a tied command that says its pid, and passes it on.
const WORKER = `
import { spawnTied } from ${JSON.stringify(new URL('./tied-child.ts', import.meta.url).pathname)}
spawnTied('bash', ['-c', 'echo $$; exec sleep 600']).child.stdout.pipe(process.stdout)
`

describe('a helper server tied to the test process', () => {
  it('ends when the test ends it, with the shell around it', async () => {
    const { spawnTied } = await import('./tied-child')
    const { child, end } = spawnTied('sleep', ['600'])
    await end()
    expect(child.exitCode ?? child.signalCode).not.toBeNull()
  })

  it('ends when the process that started it is killed', async () => {
    const worker = spawn(process.execPath, ['--input-type=module', '-e', WORKER], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const sleeper = await new Promise<number>((resolve) =>
      worker.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
    )
    expect(alive(sleeper)).toBe(true)
    worker.kill('SIGKILL')
    await expect.poll(() => alive(sleeper), { timeout: 10_000 }).toBe(false)
  })
})

import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { spawnTied } from './tied-child'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The first line a process prints: here, a pid. */
function firstPid(output: NodeJS.ReadableStream, exited: Promise<unknown>): Promise<number> {
  return new Promise((resolve, reject) => {
    output.once('data', (chunk: Buffer) => {
      const pid = Number(chunk.toString().trim())
      if (Number.isInteger(pid) && pid > 0) resolve(pid)
      else reject(new Error(`not a pid: ${chunk.toString()}`))
    })
    void exited.then(() => reject(new Error('it ended before saying its pid')))
  })
}

// A stand-in for a test worker: it starts a tied command that says its pid, and passes it on.
const WORKER = `
import { spawnTied } from ${JSON.stringify(new URL('./tied-child.ts', import.meta.url).pathname)}
spawnTied('bash', ['-c', 'echo $$; exec sleep 600']).child.stdout.pipe(process.stdout)
`

describe('a helper server tied to the test process', () => {
  it('ends when the test ends it, and says how a command that ends by itself ended', async () => {
    const tied = spawnTied('bash', ['-c', 'echo $$; exec sleep 600'])
    const pid = await firstPid(tied.child.stdout, tied.exited)
    expect(pid).toBe(tied.child.pid)
    expect(alive(pid)).toBe(true)
    await tied.end()
    expect(alive(pid)).toBe(false)

    expect(await spawnTied('bash', ['-c', 'exit 3']).exited).toBe(3)
  })

  it('ends when the process that started it is killed', async () => {
    const worker = spawn(process.execPath, ['--input-type=module', '-e', WORKER], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const workerExited = new Promise((resolve) => worker.once('exit', resolve))
    try {
      const sleeper = await firstPid(worker.stdout, workerExited)
      expect(alive(sleeper)).toBe(true)
      worker.kill('SIGKILL')
      await expect.poll(() => alive(sleeper), { timeout: 10_000 }).toBe(false)
    } finally {
      worker.kill('SIGKILL')
    }
  })
})

import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')
const readme = readFileSync(resolve(ROOT, 'docs/service-api.md'), 'utf8')

function block(marker: string): string {
  const match = new RegExp(
    `<!-- walkthrough:${marker} -->\\s*\`\`\`bash\\n([\\s\\S]*?)\`\`\``,
  ).exec(readme)
  if (!match?.[1]) throw new Error(`README has no walkthrough:${marker} block`)
  return match[1]
}

describe('the README walkthrough', () => {
  it('works verbatim against npm run sandbox', async () => {
    const server = spawn('bash', ['-c', block('server')], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let serverOutput = ''
    server.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()))
    server.stderr.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()))
    try {
      await new Promise<void>((ready, fail) => {
        server.stdout.on('data', () => {
          if (serverOutput.includes('listening on http://127.0.0.1:4010')) ready()
        })
        server.on('exit', () => fail(new Error(`the sandbox exited:\n${serverOutput}`)))
      })
      const { stdout } = await promisify(execFile)(
        'bash',
        ['-euo', 'pipefail', '-c', block('client')],
        { cwd: ROOT },
      )
      const [created, retrieved, updated, session, jwks] = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(created).toMatchObject({ token: 'demo-user-1', status: 2, firstname: 'Ana' })
      expect(retrieved).toMatchObject({
        mobile_phone: '+34600111222',
        features: { video_call: 1, video_call_1to1: 0 },
      })
      expect(updated).toMatchObject({ status: 0, firstname: 'Ana', lastname: 'Garcia' })
      expect(decodeJwt(String(session?.jwt)).sub).toBe(session?.userHash)
      expect(jwks).toHaveProperty('keys')
    } finally {
      if (server.pid !== undefined && server.exitCode === null) {
        process.kill(-server.pid, 'SIGTERM')
        await once(server, 'exit')
      }
    }
  })
})

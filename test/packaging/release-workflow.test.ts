import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = join(import.meta.dirname, '..', '..')
const WORKFLOW = join(ROOT, '.github', 'workflows', 'release.yml')

async function validate(path: string): Promise<{ ok: boolean; said: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['--no-install', 'action-validator', path], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    return { ok: true, said: stdout + stderr }
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    return { ok: false, said: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}

describe('the release workflow (checked by @action-validator/cli)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ic-workflow-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  it('is a valid GitHub Actions workflow', async () => {
    const result = await validate(WORKFLOW)
    expect(result.said).toBe('')
    expect(result.ok).toBe(true)
  })

  it('and the validator does refuse a broken one: a job without runs-on', async () => {
    const broken = join(scratch, 'release.yml')
    writeFileSync(
      broken,
      readFileSync(WORKFLOW, 'utf8').replace(/^ {4}runs-on: ubuntu-24\.04\n/m, ''),
    )
    const result = await validate(broken)
    expect(result.ok).toBe(false)
    expect(result.said).toMatch(/runs-on/)
  })

  it('builds each OS’s installers after its tests, with digests and an SBOM, into a draft', () => {
    const text = readFileSync(WORKFLOW, 'utf8')
    expect(text).toMatch(/tags: \['v\*'\]/)
    for (const os of [
      'ubuntu-24.04',
      'ubuntu-24.04-arm',
      'macos-15',
      'macos-15-intel',
      'windows-2025',
    ])
      expect(text).toContain(`os: ${os}`)
    expect(text.indexOf('bash .ci/run')).toBeLessThan(text.indexOf('npm run dist'))
    expect(text).toContain('node scripts/sha256sums.mjs')
    expect(text).toContain('cyclonedx-npm --output-format JSON')
    expect(text).toContain('--draft')
    expect(text).toMatch(/::warning title=Not signed::/)
  })

  it('makes a JSON SBOM, so npm ci never compiles the XML validator cyclonedx-npm can use', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts?: Record<string, boolean>
    }
    expect(readFileSync(WORKFLOW, 'utf8')).not.toMatch(/cyclonedx-npm.*--output-format XML/)
    expect(manifest.allowScripts?.libxmljs2).toBe(false)
  })
})

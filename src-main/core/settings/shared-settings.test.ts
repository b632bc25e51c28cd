import { afterEach, describe, expect, it, vi } from 'vitest'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import type { SecretBackend } from '../keychain/vault'

/** Secrets are not what these tests are about: kept in memory, per face. */
function memorySecrets(): SecretBackend {
  const secrets = new Map<string, string>()
  return {
    get: (account) => Promise.resolve(secrets.get(account) ?? null),
    set: (account, value) => Promise.resolve(void secrets.set(account, value)),
    delete: (account) => Promise.resolve(void secrets.delete(account)),
  }
}

const draft = (name: string, port: number) => ({
  name,
  baseUrl: `http://127.0.0.1:${port}`,
  kind: 'staging' as const,
  userTokenScheme: 'hmac-sha256-hex' as const,
  timeoutMs: 5000,
})

describe('two faces on one data folder (the window, and the command line beside it)', () => {
  let faces: TestCore[] = []
  afterEach(async () => {
    for (const face of faces.reverse()) await face.stop()
    faces = []
  })
  function twoFaces(): [TestCore, TestCore] {
    const window = startTestCore({ secretBackend: memorySecrets() })
    const cli = startTestCore({
      dataDirectory: window.dataDirectory,
      face: 'cli',
      secretBackend: memorySecrets(),
    })
    faces = [window, cli]
    return [window, cli]
  }

  it("shows the other face's new environment and active choice, and says so when they change", async () => {
    const [window, cli] = twoFaces()
    const heard: string[] = []
    window.core.subscribe((event) => heard.push(event.name))
    expect((await window.ok('environments:list')).environments.map((e) => e.name)).toEqual([
      'Local sandbox',
    ])

    const staging = await cli.ok('environments:save', draft('Staging ES', 4101))
    await cli.ok('environments:select', { id: staging.id })

    await vi.waitFor(() => expect(heard).toContain('environments:changed'), { timeout: 10_000 })
    const seen = await window.ok('environments:list')
    expect(seen.activeId).toBe(staging.id)
    expect(seen.environments.map((e) => e.name)).toEqual(['Local sandbox', 'Staging ES'])
    // The window's calls now go to the environment the command line chose.
    expect(await window.call('users:retrieve', { token: 'x' })).toMatchObject({
      ok: false,
      error: {
        code: 'SECRET_MISSING',
        said: expect.objectContaining({ text: expect.stringContaining('Staging ES') }),
      },
    })
  })

  it('never writes back a stale copy: edits made at once by both faces are all kept', async () => {
    const [window, cli] = twoFaces()
    await window.ok('environments:list')
    await cli.ok('environments:list')
    const names = ['A', 'B', 'C', 'D', 'E', 'F']
    await Promise.all(
      names.map((name, i) =>
        (i % 2 === 0 ? window : cli).ok('environments:save', draft(name, 4200 + i)),
      ),
    )
    for (const face of [window, cli]) {
      const listed = (await face.ok('environments:list')).environments.map((e) => e.name)
      expect(listed.sort()).toEqual(['Local sandbox', ...names].sort())
    }
  })

  it('refuses a name the other face has just taken, though this face had not read it yet', async () => {
    const [window, cli] = twoFaces()
    await window.ok('environments:list')
    await cli.ok('environments:save', draft('Staging ES', 4301))
    const clash = await window.call('environments:save', draft('staging es', 4302))
    expect(clash).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
  })
})

import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it, vi } from 'vitest'
import { throwawayKeychainService } from '../../../test/helpers/test-keyring'
import { createVault, type SecretBackend } from './vault'

const ROOT = resolve(import.meta.dirname, '../../..')

describe('vault', () => {
  it.runIf(process.platform === 'linux')(
    'reports KEYCHAIN_UNAVAILABLE with what to do when no Secret Service is reachable',
    async () => {
      // A child process whose session bus does not exist: the binding must fail, not fall back
      // to the kernel keyring or to a file.
      const script = `
        import { createVault } from './src-main/core/keychain/vault.ts'
        import { keyringBackend } from './src-main/core/keychain/keyring-backend.ts'
        const vault = createVault({ backend: keyringBackend(process.argv[1]) })
        vault.set('env', 'apiKey', 'value-that-must-not-be-stored').then(
          () => console.log(JSON.stringify({ stored: true })),
          (error) => console.log(JSON.stringify({ code: error.code, message: error.message })),
        )`
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, throwawayKeychainService()],
        {
          cwd: ROOT,
          env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' },
        },
      )
      const answer = JSON.parse(stdout) as { code?: string; message?: string }
      expect(answer.code).toBe('KEYCHAIN_UNAVAILABLE')
      expect(answer.message).toContain('Secret Service')
      expect(answer.message).toContain('never stored in plain text')
    },
  )

  it('gives up on a keychain that does not answer, and says why', async () => {
    const hung = () => new Promise<never>(() => undefined)
    const vault = createVault({
      backend: { get: hung, set: hung, delete: hung },
      timeoutMs: 50,
      platform: 'darwin',
    })
    await expect(vault.get('env', 'apiKey')).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
      said: expect.objectContaining({ text: expect.stringContaining('may be locked') }),
    })
  })

  it('reports only whether each secret is set', async () => {
    const stored = new Map([['env/apiKey', 'apikey-0']])
    const vault = createVault({
      backend: {
        get: (account) => Promise.resolve(stored.get(account) ?? null),
        set: () => Promise.resolve(),
        delete: () => Promise.resolve(),
      },
    })
    expect(await vault.status('env')).toEqual({
      apiKey: true,
      secretKey: false,
      userTokenSecret: false,
      proxyPassword: false,
      clientKeyPassphrase: false,
    })
  })

  it('holds what it read: concurrent first reads share one keychain read, writes keep it current', async () => {
    const stored = new Map([['env/apiKey', 'apikey-1']])
    let reads = 0
    const vault = createVault({
      backend: {
        get: (account) => {
          reads += 1
          return Promise.resolve(stored.get(account) ?? null)
        },
        set: (account, value) => Promise.resolve(void stored.set(account, value)),
        delete: (account) => Promise.resolve(void stored.delete(account)),
      },
    })
    expect(await Promise.all([vault.get('env', 'apiKey'), vault.get('env', 'apiKey')])).toEqual([
      'apikey-1',
      'apikey-1',
    ])
    expect(reads).toBe(1)
    await vault.set('env', 'apiKey', 'apikey-2')
    expect(await vault.get('env', 'apiKey')).toBe('apikey-2')
    await vault.clear('env', 'apiKey')
    expect(await vault.get('env', 'apiKey')).toBeNull()
    expect(reads).toBe(1)
  })

  it('does not hold a failed read: the next call asks the keychain again', async () => {
    let fail = true
    const vault = createVault({
      backend: {
        get: () => (fail ? Promise.reject(new Error('locked')) : Promise.resolve('apikey-0')),
        set: () => Promise.resolve(),
        delete: () => Promise.resolve(),
      },
    })
    await expect(vault.get('env', 'apiKey')).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
    })
    fail = false
    expect(await vault.get('env', 'apiKey')).toBe('apikey-0')
  })

  it('says what to do about a keychain that fails, in the words of each OS', async () => {
    const failing: SecretBackend = {
      get: () => Promise.reject(new Error('no keychain here')),
      set: () => Promise.reject(new Error('no keychain here')),
      delete: () => Promise.reject(new Error('no keychain here')),
    }
    const advice: [NodeJS.Platform, string][] = [
      ['darwin', 'Keychain Access'],
      ['win32', 'Credential Manager'],
      ['linux', 'GNOME Keyring'],
    ]
    for (const [platform, words] of advice) {
      const failure = await createVault({ backend: failing, platform })
        .get('env', 'apiKey')
        .catch((error: unknown) => error)
      expect(failure, platform).toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE' })
      expect((failure as Error).message, platform).toContain(words)
    }
  })

  it('settles once every keychain call under way has ended, so a face can leave after it', async () => {
    let finish: (() => void) | undefined
    const vault = createVault({
      backend: {
        get: () => Promise.resolve(null),
        set: () => new Promise<void>((resolve) => (finish = resolve)),
        delete: () => Promise.resolve(),
      },
    })
    const writing = vault.set('env', 'apiKey', 'a-secret-value')
    let settled = false
    const settling = vault.settle().then(() => (settled = true))
    // The write has reached the keychain, and has not ended.
    await vi.waitFor(() => expect(finish).toBeDefined())
    expect(settled).toBe(false)
    finish?.()
    await writing
    await settling
    expect(settled).toBe(true)
  })
})

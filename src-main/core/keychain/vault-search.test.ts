import { describe, expect, it, vi } from 'vitest'
import { createVault, type SecretBackend } from './vault'

// How the vault reads an environment's secrets in one keychain search, and what it takes from a
// search's answer (and its silence).
describe('vault: reading by search', () => {
  it("reads an environment's secrets in one search, and each one it does not find on its own", async () => {
    const stored = new Map([
      ['env/apiKey', 'apikey-0'],
      ['env/secretKey', 'secretkey-0'],
      ['other/apiKey', 'not this one'],
    ])
    const asked = { searches: 0, gets: [] as string[] }
    let searchFails = false
    const backend = {
      get: (account: string) => {
        asked.gets.push(account)
        return Promise.resolve(stored.get(account) ?? null)
      },
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
      findAll: (prefix: string) => {
        asked.searches += 1
        if (searchFails) return Promise.reject(new Error('search refused'))
        return Promise.resolve(
          new Map([...stored].filter(([account]) => account.startsWith(prefix))),
        )
      },
    }
    const vault = createVault({ backend })
    // With what they were set for: never set here, so null.
    const all = {
      apiKey: 'apikey-0',
      secretKey: 'secretkey-0',
      userTokenSecret: null,
      proxyPassword: null,
      clientKeyPassphrase: null,
      boundTo: null,
    }
    expect(await vault.getAll('env')).toEqual(all)
    expect(asked).toEqual({
      searches: 1,
      gets: ['env/userTokenSecret', 'env/proxyPassword', 'env/clientKeyPassphrase', 'env/boundTo'],
    })
    // Held from then on: no keychain call at all.
    await vault.getAll('env')
    expect(asked.searches).toBe(1)

    searchFails = true
    const fresh = createVault({ backend })
    expect(await fresh.getAll('env')).toEqual(all)
    expect(asked.gets.slice(4)).toEqual([
      'env/apiKey',
      'env/secretKey',
      'env/userTokenSecret',
      'env/proxyPassword',
      'env/clientKeyPassphrase',
      'env/boundTo',
    ])
  })

  it("takes a search's silence for unset only for the optional secrets, when it lists the binding", async () => {
    const stored = new Map([
      ['env/apiKey', 'apikey-0'],
      ['env/secretKey', 'secretkey-0'],
      ['env/boundTo', 'https://api.example.com'],
      // Left out of the search, as a keychain leaves out an item it cannot read.
      ['env/userTokenSecret', 'uts-0'],
    ])
    const gets: string[] = []
    const backend: SecretBackend = {
      get: (account) => {
        gets.push(account)
        return Promise.resolve(stored.get(account) ?? null)
      },
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
      findAll: () =>
        Promise.resolve(
          new Map([...stored].filter(([account]) => account !== 'env/userTokenSecret')),
        ),
    }
    expect(await createVault({ backend }).getAll('env')).toEqual({
      apiKey: 'apikey-0',
      secretKey: 'secretkey-0',
      userTokenSecret: 'uts-0',
      proxyPassword: null,
      clientKeyPassphrase: null,
      boundTo: 'https://api.example.com',
    })
    expect(gets).toEqual(['env/userTokenSecret'])

    // Without the binding listed, nothing is taken from its silence: the binding the keychain
    // holds for another origin is read, and decides (bound-secrets.ts drops the secrets).
    gets.length = 0
    const withoutBinding: SecretBackend = {
      ...backend,
      findAll: () =>
        Promise.resolve(
          new Map([
            ['env/apiKey', 'apikey-0'],
            ['env/secretKey', 'secretkey-0'],
          ]),
        ),
    }
    stored.set('env/boundTo', 'https://elsewhere.example.com')
    expect((await createVault({ backend: withoutBinding }).getAll('env')).boundTo).toBe(
      'https://elsewhere.example.com',
    )
    expect(gets).toEqual([
      'env/userTokenSecret',
      'env/proxyPassword',
      'env/clientKeyPassphrase',
      'env/boundTo',
    ])
  })

  it('keeps nothing of a search that a forget overtook', async () => {
    let answer: ((found: Map<string, string>) => void) | undefined
    const backend: SecretBackend = {
      // What the keychain holds now: another face set a new key while the search was out.
      get: (account) => Promise.resolve(account === 'env/apiKey' ? 'new-key' : null),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
      findAll: () => new Promise((resolve) => (answer = resolve)),
    }
    const vault = createVault({ backend })
    const reading = vault.getAll('env')
    await vi.waitFor(() => expect(answer).toBeDefined())
    vault.forget('env')
    answer?.(new Map([['env/apiKey', 'old-key']]))
    expect((await reading).apiKey).toBe('new-key')
    expect(await vault.get('env', 'apiKey')).toBe('new-key')
  })
})

import { describe, expect, it } from 'vitest'
import {
  draftKeepsSecrets,
  keepsSecrets,
  legacySecretBinding,
  secretBinding,
  type Route,
} from './secret-binding'
import type { TlsView } from './tls-setting'

const route: Route = {
  kind: 'production',
  baseUrl: 'https://api.example.com/v1',
  proxy: { mode: 'url', url: 'http://proxy.corp:3128', username: 'ana' },
  tls: {
    caFile: '/home/ana/corp-root.pem',
    caOnly: false,
    clientCertificate: { format: 'pem', certFile: '/home/ana/me.pem', keyFile: '/home/ana/me.key' },
  },
}

describe('the route secrets are bound to', () => {
  it.each<[string, Route]>([
    ['kind', { ...route, kind: 'staging' }],
    ['origin', { ...route, baseUrl: 'https://api.example.org/v1' }],
    ['port', { ...route, baseUrl: 'https://api.example.com:8443/v1' }],
    ['proxy mode', { ...route, proxy: { mode: 'none' } }],
    [
      'proxy address',
      { ...route, proxy: { ...route.proxy, url: 'http://evil.example:3128' } as Route['proxy'] },
    ],
    ['proxy user', { ...route, proxy: { ...route.proxy, username: 'eve' } as Route['proxy'] }],
    ['CA file', { ...route, tls: { ...route.tls, caFile: '/home/eve/evil.pem' } }],
    ['no CA file', { ...route, tls: { ...route.tls, caFile: null } }],
    ['CA only', { ...route, tls: { ...route.tls, caOnly: true } }],
    ['client certificate', { ...route, tls: { ...route.tls, clientCertificate: null } }],
    [
      'client key',
      {
        ...route,
        tls: {
          ...route.tls,
          clientCertificate: {
            format: 'pem',
            certFile: '/home/ana/me.pem',
            keyFile: '/home/ana/other.key',
          },
        },
      },
    ],
  ])('changes with the %s, so the secrets are dropped', (_part, changed) => {
    expect(keepsSecrets(route, changed)).toBe(false)
  })

  it('names an imported CA by its digest: a data folder moved elsewhere keeps its keys', () => {
    const imported = (folder: string) => ({
      ...route,
      tls: { ...route.tls, caFile: `${folder}/certificates/shared-ca-${'a1'.repeat(16)}.pem` },
    })
    expect(keepsSecrets(imported('/home/ana/.config/IC'), imported('/mnt/new/IC'))).toBe(true)
    expect(secretBinding(imported('/x'))).toContain(`shared-ca:${'a1'.repeat(16)}`)
  })

  it('stays with the same route: a path within the origin is no new route', () => {
    expect(keepsSecrets(route, { ...route, baseUrl: 'https://api.example.com/v2/' })).toBe(true)
  })

  it('keeps the binding older consoles wrote as its first part: kind and origin', () => {
    expect(legacySecretBinding(route)).toBe('production https://api.example.com')
    expect(secretBinding(route).startsWith(`${legacySecretBinding(route)} `)).toBe(true)
  })
})

describe('what the edit form says before a save', () => {
  const file = { name: 'corp-root.pem', certificates: [], problem: null }
  const tls: TlsView = {
    caFile: file,
    caOnly: false,
    clientCertificate: { format: 'pem', files: [file, file] },
  }
  const before = { ...route, tls }
  const kept = {
    caFile: 'keep' as const,
    caOnly: false,
    clientCertificate: {
      format: 'pem' as const,
      certFile: 'keep' as const,
      keyFile: 'keep' as const,
    },
  }
  const draft = {
    ...route,
    proxy: { mode: 'url' as const, url: 'http://proxy.corp:3128/', username: ' ana ' },
    tls: kept,
  }

  it('keeps the secrets when nothing of the route changes (as typed, before normalising)', () => {
    expect(draftKeepsSecrets(before, draft)).toBe(true)
    expect(draftKeepsSecrets(before, { ...draft, tls: undefined })).toBe(true)
  })

  it.each([
    ['a file chosen anew', { ...draft, tls: { ...kept, caFile: 'handle-1' } }],
    ['the CA file removed', { ...draft, tls: { ...kept, caFile: null } }],
    ['CA only', { ...draft, tls: { ...kept, caOnly: true } }],
    ['no client certificate', { ...draft, tls: { ...kept, clientCertificate: null } }],
    [
      'a new key file',
      {
        ...draft,
        tls: { ...kept, clientCertificate: { ...kept.clientCertificate, keyFile: 'h' } },
      },
    ],
    [
      'another proxy',
      { ...draft, proxy: { mode: 'url' as const, url: 'http://evil:1', username: 'ana' } },
    ],
    [
      'no proxy user',
      { ...draft, proxy: { mode: 'url' as const, url: 'http://proxy.corp:3128', username: '' } },
    ],
    ['the system proxy', { ...draft, proxy: { mode: 'system' as const } }],
    ['another kind', { ...draft, kind: 'staging' as const }],
  ])('says they go with %s', (_change, changed) => {
    expect(draftKeepsSecrets(before, changed)).toBe(false)
  })
})

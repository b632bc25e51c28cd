import { getCACertificates } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { defaultAuthorities, systemStoreNotice } from './tls-material'

describe('the authorities trusted by default', () => {
  it('are this computer’s store and the bundled list together', () => {
    const trusted = new Set(defaultAuthorities())
    for (const authority of getCACertificates('system')) expect(trusted.has(authority)).toBe(true)
    for (const authority of getCACertificates('bundled')) expect(trusted.has(authority)).toBe(true)
  })

  it('say so when the store of a Mac or a Windows PC gives nothing, and only then', () => {
    const none = () => []
    const some = () => ['-----BEGIN CERTIFICATE-----']
    expect(systemStoreNotice('darwin', none)?.id).toBe('network.systemStoreEmpty')
    expect(systemStoreNotice('win32', none)?.id).toBe('network.systemStoreEmpty')
    expect(systemStoreNotice('darwin', some)).toBeNull()
    // A Linux store is the distribution's bundle, absent from bare containers: nothing to say.
    expect(systemStoreNotice('linux', none)).toBeNull()
  })
})

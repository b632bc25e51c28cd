import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentCard } from './environment-card'
import { BEHIND_PROXY, SAVED_TLS } from '../test/environment-fixtures'

const PLAIN = BEHIND_PROXY

const BEHIND_ACME: EnvironmentView = {
  ...PLAIN,
  proxy: { ...PLAIN.proxy, mode: 'url', url: 'http://proxy.acme.example:3128', username: 'ana' },
  tls: {
    // The CA file's first certificate alone: the one still valid.
    caFile: SAVED_TLS.caFile && {
      ...SAVED_TLS.caFile,
      certificates: SAVED_TLS.caFile.certificates.slice(0, 1),
    },
    caOnly: true,
    clientCertificate: {
      format: 'pkcs12',
      files: [{ name: 'console.p12', certificates: [], problem: null }],
    },
  },
}

async function showCard(environment: EnvironmentView, language: 'en' | 'es' = 'en') {
  await renderWithApp(<EnvironmentCard environment={environment} active={false} />, {
    answers: { 'preferences:get': () => ok({ language }) },
  })
  return screen.getByRole('region', { name: environment.name })
}

/** The value a card gives for a term. */
function definition(card: HTMLElement, term: string): string | null | undefined {
  return within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
}

describe('an environment’s card and its network', () => {
  it('says nothing of trust or a client certificate where there is none', async () => {
    const card = await showCard(PLAIN)
    expect(within(card).queryByText('Also trusts')).toBeNull()
    expect(within(card).queryByText('Trusts only')).toBeNull()
    expect(within(card).queryByText('Client certificate', { selector: 'dt' })).toBeNull()
    // No user name for the proxy, no client certificate: no password or passphrase to set.
    expect(within(card).queryByLabelText('Proxy password', { exact: true })).toBeNull()
    expect(within(card).queryByLabelText('Client key passphrase', { exact: true })).toBeNull()
  })

  it('names the CA file with its certificate, the client certificate, and their secrets', async () => {
    const card = await showCard(BEHIND_ACME)
    expect(definition(card, 'Proxy')).toBe('http://proxy.acme.example:3128 as ana')
    expect(definition(card, 'Trusts only')).toBe(
      'acme-root.pem CN=ACME Root CA, O=ACME · valid until Jun 30, 2034',
    )
    expect(definition(card, 'Client certificate')).toBe('console.p12')
    expect(within(card).getByLabelText('Proxy password', { exact: true })).toBeTruthy()
    expect(within(card).getByLabelText('Client key passphrase', { exact: true })).toBeTruthy()
  })

  it('says the same in Spanish', async () => {
    const card = await showCard(BEHIND_ACME, 'es')
    expect(definition(card, 'Proxy')).toBe('http://proxy.acme.example:3128 como ana')
    expect(definition(card, 'Confía solo en')).toBe(
      'acme-root.pem CN=ACME Root CA, O=ACME · válido hasta el 30/06/2034',
    )
    expect(definition(card, 'Certificado de cliente')).toBe('console.p12')
  })
})

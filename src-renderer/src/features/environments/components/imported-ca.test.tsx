import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentCard } from './environment-card'
import { ENVIRONMENT } from '../test/environment-fixtures'

// As main shows a CA imported with a file of environments (kept under a digest in its folder).
const IMPORTED: EnvironmentView = {
  ...ENVIRONMENT,
  tls: {
    caOnly: false,
    clientCertificate: null,
    caFile: {
      name: 'ACME Root CA',
      imported: true,
      fingerprint: 'C6:52:5D:0E:11:9A:42:7B…',
      certificates: [
        {
          subject: 'CN=ACME Root CA, O=ACME',
          issuer: 'CN=ACME Root CA, O=ACME',
          validTo: '2034-06-30T12:00:00.000Z',
          expired: false,
        },
      ],
      problem: null,
    },
  },
}

describe('an imported CA, as a person knows it', () => {
  it.each([
    {
      language: 'en',
      says: 'Imported CA ACME Root CA · SHA-256 fingerprint C6:52:5D:0E:11:9A:42:7B…',
    },
    { language: 'es', says: 'CA importada ACME Root CA · huella SHA-256 C6:52:5D:0E:11:9A:42:7B…' },
  ] as const)('$language: by whom it names, its fingerprint beside', async ({ language, says }) => {
    await renderWithApp(<EnvironmentCard environment={IMPORTED} active={false} />, {
      language,
    })
    const card = await screen.findByRole('region', { name: 'Staging ACME' })
    expect(card.textContent).toContain(says)
  })
})

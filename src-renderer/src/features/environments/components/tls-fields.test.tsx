import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import type { Face, FileGrant } from '@shared/ipc'
import { said } from '@shared/messages'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentForm } from './environment-form'
import { appInfoIn, ENVIRONMENT, grant } from '../test/environment-fixtures'

/** The form in a face, whose dialog hands out `files` in turn. */
function renderForm(
  environment: EnvironmentView | undefined,
  {
    face = 'electron',
    files = [],
    answers = {},
  }: { face?: Face; files?: FileGrant[]; answers?: FakeAnswers } = {},
) {
  const queue = [...files]
  return renderWithApp(<EnvironmentForm environment={environment} onDone={() => undefined} />, {
    answers: {
      'app:info': () => ok(appInfoIn(face)),
      'files:choose': () => ok({ available: true, file: queue.shift() ?? null }),
      'environments:save': () => ok(ENVIRONMENT),
      ...answers,
    },
  })
}

const group = (name: string) => screen.getByRole('group', { name })
const choose = async (name: string) =>
  userEvent.click(await within(group(name)).findByRole('button', { name: `Choose… (${name})` }))
/** A new environment's name and address, so that only its TLS settings are in question. */
async function name(value: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), value)
  await userEvent.clear(screen.getByRole('textbox', { name: 'Base URL' }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://x.example')
}
const save = (name = 'Save environment') => userEvent.click(screen.getByRole('button', { name }))

describe('an environment’s trust and client certificate, in the window', () => {
  it('shows the saved files and their certificates, an expired one said in words', async () => {
    await renderForm(ENVIRONMENT)
    const ca = group('CA file')
    expect(within(ca).getByText('acme-root.pem')).toBeTruthy()
    const certificates = within(ca).getByRole('list', { name: 'Certificates in CA file' })
    expect(certificates.textContent).toContain('CN=ACME Root CA, O=ACME')
    expect(certificates.textContent).toContain('valid until Jun 30, 2034')
    const old = within(certificates)
      .getAllByRole('listitem')
      .find((item) => item.textContent.includes('CN=ACME Old Root, O=ACME'))
    expect(old?.textContent).toContain('Expired on Jun 30, 2023')
    expect(screen.getByRole('radio', { name: 'PEM certificate and key' })).toHaveProperty(
      'checked',
      true,
    )
    expect(within(group('Certificate file')).getByText('CN=integrator-console')).toBeTruthy()
    expect(within(group('Key file')).getByText('console.key')).toBeTruthy()
  })

  it('sends keep for a file left alone, the handle of one chosen, null for one removed', async () => {
    const { bridge } = await renderForm(ENVIRONMENT, { files: [grant('corp-ca.pem', 1)] })
    await save()
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(bridge.sent('environments:save')[0]?.tls).toEqual({
      caFile: 'keep',
      caOnly: false,
      clientCertificate: { format: 'pem', certFile: 'keep', keyFile: 'keep' },
    })

    await choose('CA file')
    expect(await within(group('CA file')).findByText('corp-ca.pem')).toBeTruthy()
    await userEvent.click(
      within(group('Key file')).getByRole('button', { name: 'Remove (Key file)' }),
    )
    await userEvent.click(screen.getByRole('radio', { name: 'None' }))
    await save()
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(2))
    expect(bridge.sent('environments:save')[1]?.tls).toEqual({
      caFile: grant('corp-ca.pem', 1).handle,
      caOnly: false,
      clientCertificate: null,
    })
    expect(bridge.sent('files:choose')[0]).toMatchObject({ purpose: 'open', format: 'pem' })

    await userEvent.click(
      within(group('CA file')).getByRole('button', { name: 'Remove (CA file)' }),
    )
    await save()
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(3))
    expect(bridge.sent('environments:save')[2]?.tls).toMatchObject({ caFile: null })
  })

  it('trusts only a CA file once there is one, and not after it is removed', async () => {
    const { bridge } = await renderForm(undefined, { files: [grant('corp-ca.pem', 1)] })
    const only = screen.getByRole('checkbox', { name: 'Trust only this CA file' })
    expect(only).toHaveProperty('disabled', true)
    await choose('CA file')
    await waitFor(() => expect(only).toHaveProperty('disabled', false))
    await userEvent.click(only)
    expect(screen.getByText('Certificate authorities: the CA file only')).toBeTruthy()
    await name('Private')
    await save('Add environment')
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(bridge.sent('environments:save')[0]?.tls).toEqual({
      caFile: grant('corp-ca.pem', 1).handle,
      caOnly: true,
      clientCertificate: null,
    })
    await userEvent.click(screen.getByRole('button', { name: 'Remove (CA file)' }))
    expect(only).toHaveProperty('disabled', true)
    expect(only).toHaveProperty('checked', false)
  })

  it('asks for each file a client certificate needs, per format', async () => {
    const files = [grant('me.crt', 1), grant('me.key', 2), grant('me.p12', 3)]
    const { bridge } = await renderForm(undefined, { files })
    expect(screen.queryByRole('group', { name: 'Certificate file' })).toBeNull()
    await userEvent.click(screen.getByRole('radio', { name: 'PEM certificate and key' }))
    // Said together with the other fields' problems, not after them.
    await save('Add environment')
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe(
        'true',
      ),
    )
    expect(within(group('Certificate file')).getByRole('alert').textContent).toBe(
      'Choose the certificate file.',
    )
    expect(within(group('Key file')).getByRole('alert').textContent).toBe('Choose the key file.')
    expect(bridge.sent('environments:save')).toEqual([])
    await name('Mutual')

    await choose('Certificate file')
    await choose('Key file')
    await waitFor(() => expect(screen.queryAllByRole('alert')).toEqual([]))
    await save('Add environment')
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(bridge.sent('environments:save')[0]?.tls?.clientCertificate).toEqual({
      format: 'pem',
      certFile: files[0]?.handle,
      keyFile: files[1]?.handle,
    })

    await userEvent.click(screen.getByRole('radio', { name: 'PKCS#12 file' }))
    expect(screen.queryByRole('group', { name: 'Key file' })).toBeNull()
    await choose('PKCS#12 file')
    await save('Add environment')
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(2))
    expect(bridge.sent('environments:save')[1]?.tls?.clientCertificate).toEqual({
      format: 'pkcs12',
      file: files[2]?.handle,
    })
    expect(bridge.sent('files:choose')[2]).toMatchObject({ format: 'pkcs12' })
  })

  it('shows main’s refusal of a file beside it', async () => {
    const missing = said('keepWithoutFile')
    await renderForm(ENVIRONMENT, {
      answers: {
        'environments:save': () =>
          failed('VALIDATION', { said: missing, fields: { 'tls.certFile': missing } }),
      },
    })
    await save()
    const certificate = group('Certificate file')
    expect((await within(certificate).findByRole('alert')).textContent).toBe(missing.text)
    expect(within(group('CA file')).queryByRole('alert')).toBeNull()
  })
})

import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import { said } from '@shared/messages'
import type { Language } from '@shared/messages/languages'
import { describedBy } from '../../../test/described-by'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { failed } from '../../../test/failed'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentForm } from './environment-form'
import { BEHIND_PROXY } from '../test/environment-fixtures'

/** Credentials set, no proxy and no TLS files: only the address changes in these tests. */
const WITH_SECRETS: EnvironmentView = { ...BEHIND_PROXY, proxy: { mode: 'system' } }

/** Main's answer to a save it takes: the environment as saved, its TLS files as main shows them. */
const saved: FakeAnswers['environments:save'] = (draft) =>
  ok({ ...WITH_SECRETS, ...draft, tls: WITH_SECRETS.tls, id: draft.id ?? 'new' })

const WORDS = {
  en: { name: 'Name', baseUrl: 'Base URL', add: 'Add environment', proxyUrl: 'Proxy URL' },
  es: { name: 'Nombre', baseUrl: 'URL base', add: 'Añadir entorno', proxyUrl: 'URL del proxy' },
} as const

async function paste(element: HTMLElement, value: string) {
  await userEvent.clear(element)
  await userEvent.click(element)
  await userEvent.paste(value)
}

/** A new environment, filled in right and submitted to a main that answers `save`. */
async function submitNew(language: Language, save: FakeAnswers['environments:save']) {
  const onDone = vi.fn()
  await renderWithApp(<EnvironmentForm onDone={onDone} />, {
    language,
    answers: { 'environments:save': save },
  })
  const words = WORDS[language]
  await paste(screen.getByRole('textbox', { name: words.name }), 'Pruebas ACME')
  await paste(screen.getByRole('textbox', { name: words.baseUrl }), 'https://staging.acme.example')
  await userEvent.click(screen.getByRole('button', { name: words.add }))
  return onDone
}

describe('a save main refuses', () => {
  it.each([
    {
      language: 'en',
      says: 'Another window or command of the console is changing the environments right now: try again in a moment.',
    },
    {
      language: 'es',
      says: 'Otra ventana u otro comando de la consola está cambiando los entornos ahora mismo: inténtalo de nuevo en un momento.',
    },
  ] as const)(
    '$language: is shown as refused, with main’s reason, and the form stays',
    async (words) => {
      const onDone = await submitNew(words.language, () => failed('SETTINGS_UNREADABLE'))
      expect((await screen.findByRole('alert')).textContent).toContain(words.says)
      expect(onDone).not.toHaveBeenCalled()
      expect(screen.getByRole('button', { name: WORDS[words.language].add })).toBeTruthy()
    },
  )

  it.each([
    {
      language: 'en',
      title: 'Not saved',
      says: 'Correct the fields marked in this form, then save again.',
      field: 'Name must not be empty',
    },
    {
      language: 'es',
      title: 'No se ha guardado',
      says: 'Corrige los campos marcados en este formulario y vuelve a guardar.',
      field: 'El campo «Nombre» no puede estar vacío',
    },
  ] as const)(
    '$language: a field main refuses is marked, and the alert points at it',
    async (words) => {
      await submitNew(words.language, () =>
        failed('VALIDATION', { fields: { name: said('notEmpty', { field: 'name' }) } }),
      )
      expect(await screen.findByText(words.says)).toBeTruthy()
      expect(screen.getByText(words.title)).toBeTruthy()
      const name = screen.getByRole('textbox', { name: WORDS[words.language].name })
      expect(name.getAttribute('aria-invalid')).toBe('true')
      expect(describedBy(name)).toContain(words.field)
    },
  )

  it('a keychain that cannot be used is said as it is, not as a field', async () => {
    const onDone = await submitNew('en', () => failed('KEYCHAIN_UNAVAILABLE'))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The keychain cannot be used. Start and unlock a Secret Service keyring',
    )
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).not.toBe(
      'true',
    )
    expect(onDone).not.toHaveBeenCalled()
  })

  it('a save main takes closes the form', async () => {
    const onDone = await submitNew('en', saved)
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce())
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('the proxy part', () => {
  it.each([
    {
      language: 'en',
      value: 'ftp://proxy.acme.example',
      says: 'Proxy must be an http://, https://, socks5:// or socks5h:// URL',
    },
    {
      language: 'es',
      value: 'ftp://proxy.acme.example',
      says: 'Proxy debe ser una URL http://, https://, socks5:// o socks5h://',
    },
    {
      language: 'es',
      value: 'http://ana:s3cret@proxy.acme.example:3128',
      says: 'Proxy no puede llevar usuario ni contraseña (usuario@host): los pide el proxy y los guarda el llavero',
    },
  ] as const)('$language: refuses $value as a proxy address', async (words) => {
    const { bridge } = await renderWithApp(<EnvironmentForm onDone={() => undefined} />, {
      language: words.language,
    })
    const labels = WORDS[words.language]
    await paste(screen.getByRole('textbox', { name: labels.name }), 'Detrás')
    await paste(screen.getByRole('textbox', { name: labels.baseUrl }), 'https://x.example')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Proxy' }), 'url')
    const address = screen.getByRole('textbox', { name: labels.proxyUrl })
    await paste(address, words.value)
    await userEvent.click(screen.getByRole('button', { name: labels.add }))
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'))
    // The rule names the proxy setting (its field in main's schema), under the address typed.
    expect(describedBy(address)).toContain(words.says)
    expect(bridge.sent('environments:save')).toEqual([])
  })
})

describe('an edit that changes the route', () => {
  it.each([
    {
      language: 'en',
      baseUrl: 'Base URL',
      save: 'Save and remove secrets',
      warns: "removes this environment's secrets from the keychain",
    },
    {
      language: 'es',
      baseUrl: 'URL base',
      save: 'Guardar y borrar los secretos',
      warns: 'borran del llavero los secretos de este entorno',
    },
  ] as const)('$language: says before saving that the secrets go', async (words) => {
    await renderWithApp(<EnvironmentForm environment={WITH_SECRETS} onDone={() => undefined} />, {
      language: words.language,
    })
    expect(screen.queryByRole('button', { name: words.save })).toBeNull()
    await paste(screen.getByRole('textbox', { name: words.baseUrl }), 'https://new.acme.example')
    expect(await screen.findByRole('button', { name: words.save })).toBeTruthy()
    expect(document.body.textContent).toContain(words.warns)
  })

  it('keeps the secrets, and says nothing, when only the name changes', async () => {
    const { bridge } = await renderWithApp(
      <EnvironmentForm environment={WITH_SECRETS} onDone={() => undefined} />,
      { answers: { 'environments:save': saved } },
    )
    await paste(screen.getByRole('textbox', { name: 'Name' }), 'Staging ACME 2')
    await userEvent.click(screen.getByRole('button', { name: 'Save environment' }))
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(document.body.textContent).not.toContain('secrets from the keychain')
  })
})

import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { EnvironmentView } from '@shared/environments'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { EnvironmentForm } from './environment-form'
import { BEHIND_PROXY } from '../test/environment-fixtures'

// Keeping a proxy through an edit is shown in e2e/specs/environment-proxy.spec.ts: happy-dom
// does not select a select's default option the way a browser does.
const BEHIND = BEHIND_PROXY

const PROXY = 'http://proxy.acme.example:3128'

function renderForm(environment?: EnvironmentView) {
  return renderWithApp(<EnvironmentForm environment={environment} onDone={() => undefined} />, {
    answers: {
      'environments:save': (draft) =>
        ok({ ...BEHIND, ...draft, tls: BEHIND.tls, id: draft.id ?? 'new-one' }),
    },
  })
}

describe('an environment’s proxy, in the window', () => {
  it('asks for the proxy’s address only when one is chosen, and refuses one with a password', async () => {
    const { bridge } = await renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Behind')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Base URL' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://x.example')
    expect(screen.queryByRole('textbox', { name: 'Proxy URL' })).toBeNull()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Proxy' }), 'This proxy')
    const address = screen.getByRole('textbox', { name: 'Proxy URL' })
    await userEvent.type(address, 'http://ana:s3cret@proxy.example:3128')
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    expect((await screen.findByRole('alert')).textContent).toContain('must not carry a user name')
    expect(address.getAttribute('aria-invalid')).toBe('true')
    expect(bridge.sent('environments:save')).toEqual([])

    await userEvent.clear(address)
    await userEvent.type(address, 'http://proxy.example:3128')
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(bridge.sent('environments:save')[0]).toMatchObject({
      proxy: { mode: 'url', url: 'http://proxy.example:3128' },
    })
  })

  it('asks for the proxy’s user name only with a proxy, and sends none when left empty', async () => {
    const { bridge } = await renderForm()
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Behind')
    await userEvent.clear(screen.getByRole('textbox', { name: 'Base URL' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://x.example')
    expect(screen.queryByRole('textbox', { name: 'Proxy user name' })).toBeNull()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Proxy' }), 'This proxy')
    await userEvent.type(screen.getByRole('textbox', { name: 'Proxy URL' }), PROXY)
    const user = screen.getByRole('textbox', { name: 'Proxy user name' })
    await userEvent.type(user, 'ana:x')
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(user.getAttribute('aria-invalid')).toBe('true')
    expect(bridge.sent('environments:save')).toEqual([])

    await userEvent.clear(user)
    await userEvent.type(user, 'ana.garcia')
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(1))
    expect(bridge.sent('environments:save')[0]?.proxy).toEqual({
      mode: 'url',
      url: PROXY,
      username: 'ana.garcia',
    })

    await userEvent.clear(user)
    await userEvent.click(screen.getByRole('button', { name: 'Add environment' }))
    await waitFor(() => expect(bridge.sent('environments:save')).toHaveLength(2))
    expect(bridge.sent('environments:save')[1]?.proxy).toMatchObject({ username: null })

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Proxy' }),
      'None: straight to the service',
    )
    expect(screen.queryByRole('textbox', { name: 'Proxy user name' })).toBeNull()
  })
})

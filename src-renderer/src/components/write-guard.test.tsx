import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { api } from '../lib/api'
import { ok } from '../test/fake-bridge'
import { renderWithApp, STAGING } from '../test/render-with-app'
import { storedUser } from '../test/users'
import { useConfirmWrite, type GuardedEnvironment } from './write-guard'

const PRODUCTION: GuardedEnvironment = { name: 'Production EU', kind: 'production' }

/** A write as every screen makes one: asked of the guard, sent with what it answered. */
function CreateButton() {
  const confirmWrite = useConfirmWrite()
  async function create() {
    const confirmation = await confirmWrite('create a user')
    if (confirmation)
      await api().users.create({ user: { token: 'ana-01', status: 2 }, ...confirmation })
  }
  return (
    <button type="button" onClick={() => void create()}>
      Create
    </button>
  )
}

async function renderOn(environment: GuardedEnvironment) {
  const view = await renderWithApp(<CreateButton />, {
    environment,
    answers: { 'users:create': () => ok({ record: storedUser(), note: null }) },
  })
  await userEvent.click(screen.getByRole('button', { name: 'Create' }))
  return view
}

function confirmButton(): HTMLButtonElement {
  return screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm write' })
}

describe('the write guard', () => {
  it('sends a write to a non-production environment without asking', async () => {
    const { bridge } = await renderOn(STAGING)
    await waitFor(() => expect(bridge.sent('users:create')).toHaveLength(1))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('on production, sends nothing until the environment is named exactly', async () => {
    const { bridge } = await renderOn(PRODUCTION)
    const dialog = screen.getByRole('alertdialog', { name: 'Write to production?' })
    expect(dialog.textContent).toContain('create a user')
    expect(confirmButton().disabled).toBe(true)

    const name = screen.getByLabelText('Environment name')
    await userEvent.type(name, 'production eu')
    expect(confirmButton().disabled).toBe(true)
    await userEvent.type(name, '{Enter}')
    expect(screen.getByRole('alertdialog')).toBeDefined()
    expect(bridge.sent('users:create')).toEqual([])

    await userEvent.clear(name)
    await userEvent.type(name, 'Production EU')
    await userEvent.click(confirmButton())
    await waitFor(() => expect(bridge.sent('users:create')).toHaveLength(1))
    // Main checks the name again: the write carries it.
    expect(bridge.sent('users:create')[0]?.confirmEnvironment).toBe('Production EU')
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('on production, quotes the name on a line of its own, isolated from the text around it', async () => {
    await renderOn({ name: 'Staging \u202Enoitcudorp', kind: 'production' })
    const dialog = within(screen.getByRole('alertdialog'))
    const named = dialog
      .getAllByRole('paragraph')
      .filter((line) => line.textContent.includes('noitcudorp'))
    expect(named.map((line) => line.textContent)).toEqual(['"Staging \u202Enoitcudorp"'])
    // The name alone is its own text: the element holding it isolates it.
    expect(dialog.getByText('Staging \u202Enoitcudorp').tagName).toBe('BDI')
  })

  it.each([
    ['Cancel', () => userEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('on production, sends nothing when the user backs out with %s', async (_, backOut) => {
    const { bridge } = await renderOn(PRODUCTION)
    await userEvent.type(screen.getByLabelText('Environment name'), 'Production EU')
    await backOut()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(bridge.sent('users:create')).toEqual([])
    // Focus goes back where the user was: no query finds the focused element.
    // eslint-disable-next-line testing-library/no-node-access
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create' }))
  })
})

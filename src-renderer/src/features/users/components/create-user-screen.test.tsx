import { screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { describedBy } from '../../../test/described-by'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { storedUser } from '../../../test/users'
import { CreateUserScreen } from './create-user-screen'

function renderCreate() {
  return renderWithApp(<CreateUserScreen />, {
    answers: { 'users:create': ({ user }) => ok({ record: storedUser(user), note: null }) },
  })
}

describe('the create form', () => {
  it('says what is wrong beside the field and sends nothing', async () => {
    const { bridge } = await renderCreate()
    await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'ana-01')
    const nid = screen.getByRole('textbox', { name: 'ID number (DNI/NIE)' })
    await userEvent.type(nid, '12345678A')
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('with a correct control letter')
    expect(nid.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(nid)).toContain(alert.textContent)
    expect(bridge.sent('users:create')).toEqual([])
  })

  it('sends what was typed, as the service takes it', async () => {
    const { bridge } = await renderCreate()
    await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'ana-01')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Premium (2)')
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana')
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@example.com')
    await userEvent.type(
      screen.getByRole('textbox', { name: 'ID number (DNI/NIE)' }),
      '12.345.678-Z',
    )
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female (1)')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Video call enabled' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))

    await waitFor(() => expect(bridge.sent('users:create')).toHaveLength(1))
    expect(bridge.sent('users:create')[0]).toEqual({
      user: {
        token: 'ana-01',
        status: 2,
        firstname: 'Ana',
        email: 'ana@example.com',
        nid_number: '12345678Z',
        gender: 1,
        has_video_call: 1,
        has_video_call_1to1: 0,
      },
    })
    expect(await screen.findByText('User created.')).toBeTruthy()
  })

  it('takes a day-first birthdate, shows it as it will be sent, and sends that', async () => {
    const { bridge } = await renderCreate()
    await userEvent.type(screen.getByRole('textbox', { name: 'Token' }), 'ana-01')
    const birthdate = screen.getByRole('textbox', { name: 'Birthdate' })
    await userEvent.type(birthdate, '17/05/1990')
    await userEvent.tab()
    expect(describedBy(birthdate)).toContain('Will be sent as 1990-05-17.')
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }))

    await waitFor(() => expect(bridge.sent('users:create')).toHaveLength(1))
    expect(bridge.sent('users:create')[0]?.user).toMatchObject({ birthdate: '1990-05-17' })
    expect(birthdate.getAttribute('aria-invalid')).not.toBe('true')
  })
})

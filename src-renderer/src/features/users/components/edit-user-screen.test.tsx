import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { UserRecord } from '@shared/service'
import { ok, type FakeAnswers } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { storedUser } from '../../../test/users'
import { EditUserScreen } from './edit-user-screen'

/** The service as main reads it: each Retrieve answers the next record, the last one after. */
function service(first: UserRecord, ...later: UserRecord[]): FakeAnswers {
  const reads = [first, ...later]
  return {
    'users:retrieve': () => ok(reads.length > 1 ? (reads.shift() ?? first) : (reads[0] ?? first)),
    'users:update': ({ changes }) => ok({ record: storedUser(changes), note: null }),
  }
}

function describedBy(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

function summaryRow(label: string): string[] {
  const table = screen.getByRole('table', { name: 'Changes to save' })
  // A row is named by its cells, its header first.
  const row = within(table).getByRole('row', { name: new RegExp(`^${label}`) })
  return [
    within(row).getByRole('rowheader').textContent,
    ...within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ]
}

describe('the edit form', () => {
  it('takes a day-first birthdate, shows it as it will be sent, and saves that', async () => {
    const { bridge } = await renderWithApp(<EditUserScreen token="ana-01" />, {
      answers: service(storedUser()),
    })
    const birthdate = await screen.findByRole('textbox', { name: 'Birthdate' })
    await userEvent.clear(birthdate)
    await userEvent.type(birthdate, '17/05/1990')
    await userEvent.tab()
    expect(describedBy(birthdate)).toContain('Will be sent as 1990-05-17.')
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }))

    await screen.findByRole('table', { name: 'Changes to save' })
    expect(summaryRow('Birthdate')).toEqual(['Birthdate', '1990-04-12', '1990-05-17'])
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(bridge.sent('users:update')).toHaveLength(1))
    expect(bridge.sent('users:update')[0]?.changes).toMatchObject({ birthdate: '1990-05-17' })
  })

  it('reviews a change over what the service holds now, not over what the form opened with', async () => {
    // While the form was open, a colleague changed the description.
    const theirs = storedUser({ description: 'Their note' })
    const { bridge } = await renderWithApp(<EditUserScreen token="ana-01" />, {
      answers: service(storedUser(), theirs),
    })
    const description = await screen.findByRole('textbox', { name: 'Description' })
    await userEvent.clear(description)
    await userEvent.type(description, 'My note')
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }))

    const table = await screen.findByRole('table', { name: 'Changes to save' })
    expect(within(table).getByRole('columnheader', { name: 'On the service now' })).toBeTruthy()
    expect(summaryRow('Description')).toEqual([
      'Descriptionchanged by someone else',
      'Their note',
      'My note',
    ])
    expect(screen.getByText(/Someone else changed this user since you opened it/)).toBeTruthy()
    expect(bridge.sent('users:retrieve')).toHaveLength(2)
  })

  it('speaks Spanish: operations by their Spanish names, fields with an article, dates dd/mm/aaaa', async () => {
    await renderWithApp(<EditUserScreen token="ana-01" />, {
      answers: {
        ...service(storedUser()),
        'preferences:get': () => ok({ language: 'es' }),
      },
    })
    const coverage = await screen.findByRole('textbox', { name: 'Nombre de cobertura' })
    expect(describedBy(coverage)).toBe('Consultar no lo devuelve.')
    const mobile = screen.getByRole('textbox', { name: 'Móvil' })
    expect(describedBy(mobile)).toBe('Actualizar no puede cambiar este campo.')

    const birthdate = screen.getByRole('textbox', { name: 'Fecha de nacimiento' })
    await userEvent.clear(birthdate)
    await userEvent.type(birthdate, '01/01/1890')
    await userEvent.click(screen.getByRole('button', { name: 'Revisar cambios' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El campo «Fecha de nacimiento» no puede ser anterior al 01/01/1900',
    )

    await userEvent.clear(birthdate)
    await userEvent.type(birthdate, '17/05/1990')
    expect(describedBy(birthdate)).toContain('Se enviará como 1990-05-17.')
    await userEvent.click(screen.getByRole('button', { name: 'Revisar cambios' }))
    const table = await screen.findByRole('table', { name: 'Cambios que se guardarán' })
    const row = within(table).getByRole('row', { name: /^Fecha de nacimiento/ })
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12/04/1990', '17/05/1990'])
  })
})

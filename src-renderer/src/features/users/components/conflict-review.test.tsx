import { screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { basicSaid } from '@shared/messages/basic-messages'
import { changedSince } from '@shared/service'
import { ok, type FakeAnswers, type FakeBridge } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { storedUser } from '../../../test/users'
import { EditUserScreen } from './edit-user-screen'

const OPENED = storedUser()
// While the form was open, a colleague changed the email and the description.
const THEIRS = storedUser({ email: 'ana.garcia@example.com', description: 'Their note' })

/** The service as main reports it: the first Save finds the colleague's change and is refused. */
function service(): FakeAnswers {
  let held = OPENED
  return {
    'users:retrieve': () => ok(held),
    'users:update': ({ base, changes }) => {
      if (held === OPENED) {
        held = THEIRS
        const conflict = {
          base,
          current: THEIRS,
          yours: changes,
          changedElsewhere: changedSince(base, THEIRS),
        }
        return {
          ok: false,
          error: { code: 'CONFLICT', said: basicSaid('asWritten', { text: 'Changed' }), conflict },
        }
      }
      return ok({ record: held, note: null })
    },
  }
}

/** Opens the user, changes the last name and the description, and saves into the conflict. */
async function saveIntoConflict() {
  const view = await renderWithApp(<EditUserScreen token="ana-01" />, { answers: service() })
  const lastname = await screen.findByRole('textbox', { name: 'Last name' })
  await userEvent.type(lastname, ' López')
  const description = screen.getByRole('textbox', { name: 'Description' })
  await userEvent.clear(description)
  await userEvent.type(description, 'My note')
  await userEvent.click(screen.getByRole('button', { name: 'Review changes' }))
  await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }))
  await screen.findByRole('heading', { name: 'Someone else changed this user' })
  return view
}

function reviewRow(label: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Changed since you opened the user' })
  // A row is named by its cells, its header first.
  return within(table).getByRole('row', { name: new RegExp(`^${label}`) })
}

function cells(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
}

async function keep(label: string, choice: "The service's" | 'Mine') {
  const group = screen.getByRole('group', { name: `Keep for ${label}` })
  await userEvent.click(within(group).getByRole('radio', { name: choice }))
}

async function saveAgain(bridge: FakeBridge) {
  await userEvent.click(screen.getByRole('button', { name: 'Review again' }))
  await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }))
  await waitFor(() => expect(bridge.sent('users:update')).toHaveLength(2))
}

describe('the conflict review', () => {
  it('shows the value as opened, on the service now and yours, marking what someone else changed', async () => {
    await saveIntoConflict()
    expect(cells(reviewRow('Description')).slice(0, 3)).toEqual([
      'Pilot group',
      'Their note',
      'My note',
    ])
    expect(cells(reviewRow('Email')).slice(0, 3)).toEqual([
      'ana@example.com',
      'ana.garcia@example.com',
      'ana@example.com',
    ])
    expect(reviewRow('Description').textContent).toContain('changed by someone else')
    expect(reviewRow('Email').textContent).toContain('changed by someone else')
    // Only the user changed the last name: shown, marked as theirs alone, nothing to choose.
    expect(reviewRow('Last name').textContent).not.toContain('changed by someone else')
    expect(within(reviewRow('Last name')).queryByRole('radio')).toBeNull()
  })

  it("sends the service's value where the user chose it, and theirs elsewhere", async () => {
    const { bridge } = await saveIntoConflict()
    await keep('Description', "The service's")
    await saveAgain(bridge)
    const [, second] = bridge.sent('users:update')
    expect(second?.base).toEqual(THEIRS)
    expect(second?.changes).toMatchObject({
      description: 'Their note',
      email: 'ana.garcia@example.com',
      lastname: 'García López',
    })
  })

  it('sends the user\'s own value where they chose "Mine"', async () => {
    const { bridge } = await saveIntoConflict()
    await keep('Email', 'Mine')
    await saveAgain(bridge)
    const [, second] = bridge.sent('users:update')
    expect(second?.changes).toMatchObject({
      description: 'My note',
      email: 'ana@example.com',
      lastname: 'García López',
    })
  })
})

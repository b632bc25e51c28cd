import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { pageOf, rowOf, RUN_ID } from '../test/run-fixtures'
import { ResultsTable } from './results-table'

const TOKEN = 'acme-staff-0f8a1c2e-5b7d-4e9f-a3c6-2d4b8e1f7a90'

describe("the results' tokens", () => {
  it('are shown whole, open Look up, and are copied whole', async () => {
    const user = userEvent.setup()
    await renderWithApp(<ResultsTable runId={RUN_ID} />, {
      answers: { 'bulk:results': () => ok(pageOf([rowOf(2, 'created', { token: TOKEN })])) },
    })
    const table = await screen.findByRole('table', { name: 'Rows and their outcome' })
    const link = await within(table).findByRole('link', { name: TOKEN })
    expect(link.getAttribute('href')).toContain(encodeURIComponent(TOKEN))
    await user.click(within(table).getByRole('button', { name: `Copy token ${TOKEN}` }))
    expect(await navigator.clipboard.readText()).toBe(TOKEN)
  })
})

import { screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PlanSummary } from '@shared/bulk'
import { renderWithApp } from '../../../test/render-with-app'
import { SendCard } from './send-card'

const PLAN: PlanSummary = {
  planId: 'plan-1',
  mode: 'setStatus',
  status: 3,
  file: { name: 'leavers.csv', sizeBytes: 120, encoding: 'utf-8', delimiter: ',' },
  rows: 3,
  valid: 3,
  invalid: 0,
  duplicates: 0,
  ignoredColumns: [],
}

async function confirmation(language: 'en' | 'es'): Promise<HTMLElement> {
  await renderWithApp(<SendCard plan={PLAN} onBack={() => {}} onStarted={() => {}} />, {
    language,
    environment: { name: 'Live', kind: 'production' },
  })
  const send = await screen.findByRole('button', { name: /3/ })
  await userEvent.click(send)
  return screen.findByRole('alertdialog')
}

describe('the Set status confirmation', () => {
  it('names the status every user of the file will get', async () => {
    const dialog = await confirmation('en')
    expect(within(dialog).getByText(/send 3 rows/).textContent).toBe(
      'send 3 rows (Set status to No Access)',
    )
  })

  it('names it in Spanish on a Spanish page', async () => {
    const dialog = await confirmation('es')
    expect(within(dialog).getByText(/enviar 3 filas/).textContent).toBe(
      'enviar 3 filas (Asignar el estado Sin acceso)',
    )
  })
})

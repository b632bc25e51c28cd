import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { ColumnMapping, InspectResult } from '@shared/bulk'
import { renderWithApp } from '../../../test/render-with-app'
import type { FileChoice } from './file-step'
import { MappingStep } from './mapping-step'

const SUGGESTED: ColumnMapping = ['token', 'status', 'firstname', 'nid_number']
const INSPECTED: InspectResult = {
  file: { name: 'empleados.csv', sizeBytes: 120, encoding: 'utf-8', delimiter: ';' },
  headers: ['Token', 'Estado', 'Nombre', 'DNI'],
  suggested: {
    create: SUGGESTED,
    createOrUpdate: SUGGESTED,
    update: SUGGESTED,
    setStatus: ['token', null, null, null],
    export: ['token', null, null, null],
  },
}
const CHOICE: FileChoice = {
  file: { handle: 'grant-1', name: 'empleados.csv' },
  mode: 'create',
  status: null,
  inspected: INSPECTED,
}

describe('the columns step in Spanish', () => {
  it('names each field by its Spanish label, its API name beside it', async () => {
    await renderWithApp(
      <MappingStep choice={CHOICE} initial={undefined} onBack={vi.fn()} onPlanned={vi.fn()} />,
      { language: 'es' },
    )
    const field = await screen.findByRole('combobox', { name: 'Campo de la columna Nombre' })
    const chosen = within(field).getByRole('option', { selected: true })
    expect(chosen.textContent).toBe('Nombre (firstname)')
    const names = within(field)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(names).toEqual(
      expect.arrayContaining(['Token', 'Estado (status)', 'DNI/NIE (nid_number)']),
    )
    // What is sent stays the API's name.
    expect(field).toHaveProperty('value', 'firstname')
  })
})

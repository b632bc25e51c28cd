import { screen, within } from '@testing-library/react'

/** A list of counts, found by its label, as each term with its value ("Created2"). */
export function countsIn(label: string): string[] {
  const list = within(screen.getByLabelText(label))
  const values = list.getAllByRole('definition')
  return list
    .getAllByRole('term')
    .map((term, index) => `${term.textContent}${values[index]?.textContent ?? ''}`)
}

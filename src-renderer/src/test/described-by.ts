/**
 * The words a screen reader reads with a field after its name (its hint and its error), from
 * the elements its aria-describedby names, in order.
 */
export function describedBy(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

/** A new set with `item` in it or not, for a checkbox's state (React state is never changed in place). */
export function toggled<T>(set: ReadonlySet<T>, item: T, on: boolean): ReadonlySet<T> {
  const next = new Set(set)
  if (on) next.add(item)
  else next.delete(item)
  return next
}

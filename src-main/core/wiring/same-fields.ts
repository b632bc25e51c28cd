/** Shallow equality of two records of plain values (a profile, a set of secrets). */
// A field may be a small object (the proxy setting): compared by what it holds.
const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && JSON.stringify(a) === JSON.stringify(b))

export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[]
  return keys.length === Object.keys(b).length && keys.every((key) => sameValue(a[key], b[key]))
}

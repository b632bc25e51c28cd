import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '..')

/** Every file a doc names in backticks, as a path from the project's root. */
function namedFiles(doc: string): string[] {
  const text = readFileSync(resolve(ROOT, doc), 'utf8')
  return [...text.matchAll(/`((?:src-[a-z]+|test|e2e|docs|scripts)\/[\w./-]+\.[a-z]+)`/g)].map(
    ([, path]) => path ?? '',
  )
}

describe('docs name code that exists', () => {
  it.each(['docs/security.md'])('every file %s names is in the tree', (doc) => {
    const named = namedFiles(doc)
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((path) => !existsSync(resolve(ROOT, path)))).toEqual([])
  })
})

import { globSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../..', import.meta.url).pathname
const po = formatter()

async function translations(file: string): Promise<Map<string, string>> {
  const catalog = await po.parse(readFileSync(file, 'utf8'), {
    locale: 'es',
    sourceLocale: 'en',
    filename: file,
  })
  return new Map(Object.entries(catalog).map(([id, entry]) => [id, entry.translation ?? '']))
}

describe('the Spanish catalogs', () => {
  // The page merges every catalog of a language into one table: a message (same words, same
  // context) that two features translate differently would take whichever loaded last.
  it('say a message shared by several features the same way in each', async () => {
    const files = globSync('src-renderer/src/**/locales/es.po', { cwd: ROOT }).map(
      (file) => `${ROOT}${file}`,
    )
    expect(files.length).toBeGreaterThan(1)
    const seen = new Map<string, { file: string; translation: string }>()
    const clashes: string[] = []
    for (const file of files) {
      for (const [id, translation] of await translations(file)) {
        const before = seen.get(id)
        if (before && before.translation !== translation)
          clashes.push(
            `${id}: "${before.translation}" (${relative(ROOT, before.file)}) vs "${translation}" (${relative(ROOT, file)})`,
          )
        else seen.set(id, { file, translation })
      }
    }
    expect(clashes).toEqual([])
  })
})

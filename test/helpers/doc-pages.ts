import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

/** The project's own pages, relative to the root: README, CONTRIBUTING and everything in docs/. */
export function docPages(): string[] {
  const inDocs = (folder: string): string[] =>
    readdirSync(resolve(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) return inDocs(path)
      return entry.name.endsWith('.md') ? [path] : []
    })
  return ['README.md', 'CONTRIBUTING.md', ...inDocs('docs')]
}

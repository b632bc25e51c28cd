import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A private folder per test file, removed afterwards: tests never share files. */
export function makeTempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `ic-${prefix}-`))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

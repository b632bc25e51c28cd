import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { makeTempDir } from '../helpers/temp-dir'

/** A folder for one test file's files, removed after its tests. */
export function scratchFiles(name: string) {
  const dir = makeTempDir(name)
  afterAll(() => dir.remove())
  let count = 0
  return {
    path: dir.path,
    /** Writes a file of this content (a fresh name unless one is given); its path. */
    file: (content: string | Buffer, fileName = `f${++count}.csv`): string => {
      const path = join(dir.path, fileName)
      writeFileSync(path, content)
      return path
    },
  }
}

// A copy of an uploaded TLS file cut short (a full disk, a crash mid-write) must not be taken for
// the file: the environment would read a broken certificate at every call from then on.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { keepUploadedFile } from './kept-upload'

const dir = makeTempDir('kept-upload')
afterAll(() => dir.remove())

it('replaces a copy cut short instead of reusing it', async () => {
  const bytes = Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB...\n-----END CERTIFICATE-----\n')
  const upload = join(dir.path, 'upload', 'corp-root.pem')
  mkdirSync(join(upload, '..'), { recursive: true })
  writeFileSync(upload, bytes)
  const dataDirectory = join(dir.path, 'data')
  const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  const cutShort = join(dataDirectory, 'chosen-files', digest, 'corp-root.pem')
  mkdirSync(join(cutShort, '..'), { recursive: true })
  writeFileSync(cutShort, bytes.subarray(0, 20))

  const kept = await keepUploadedFile(upload, dataDirectory)

  expect(kept).toBe(cutShort)
  expect(readFileSync(kept)).toEqual(bytes)
  // Written whole beside it, then moved over it: no temporary file is left.
  expect(readdirSync(join(cutShort, '..'))).toEqual(['corp-root.pem'])
})

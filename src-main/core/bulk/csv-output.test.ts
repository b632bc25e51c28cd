import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { createExportSink, writeCsvFile } from './csv-output'

describe('saving a file the user chose', () => {
  const dir = makeTempDir('csv-output')
  afterAll(dir.remove)
  const at = (name: string) => join(dir.path, name)

  it('makes a new file whole, and never replaces one unless the user confirmed it', async () => {
    await writeCsvFile({ path: at('new.csv'), replace: false }, [['row'], ['1']])
    expect(readFileSync(at('new.csv'), 'utf8')).toContain('row\r\n1')

    writeFileSync(at('theirs.csv'), 'their own work')
    await expect(
      writeCsvFile({ path: at('theirs.csv'), replace: false }, [['row'], ['1']]),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^The file theirs\.csv already exists/),
    })
    expect(readFileSync(at('theirs.csv'), 'utf8')).toBe('their own work')

    await writeCsvFile({ path: at('theirs.csv'), replace: true }, [['row'], ['2']])
    expect(readFileSync(at('theirs.csv'), 'utf8')).toContain('row\r\n2')
  })

  it('leaves an existing file and no partial file behind when an export may not replace it', async () => {
    writeFileSync(at('export.json'), 'kept')
    const sink = await createExportSink({ path: at('export.json'), format: 'json', replace: false })
    await expect(sink.commit()).rejects.toMatchObject({ code: 'VALIDATION' })
    expect(readFileSync(at('export.json'), 'utf8')).toBe('kept')
    expect(readdirSync(dir.path).filter((name) => name.includes('.partial-'))).toEqual([])
  })
})

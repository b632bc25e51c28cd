// The core with a settings file it cannot use: an unreadable one is set aside, one from a newer
// version is left untouched and saving is refused.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startTestCore } from '../../../test/helpers/core'
import { SETTINGS_FILE } from './settings-store'

describe('a corrupt settings file', () => {
  const emptyKeychain = {
    get: () => Promise.resolve(null),
    set: () => Promise.resolve(),
    delete: () => Promise.resolve(),
  }

  it('is set aside with a clear notice, never silently overwritten', async () => {
    const t = startTestCore({ secretBackend: emptyKeychain })
    try {
      writeFileSync(
        join(t.dataDirectory, SETTINGS_FILE),
        '{"schemaVersion": 1, "environments": [tru',
      )
      const list = await t.ok('environments:list')
      expect(list.notices[0]?.text).toContain('could not be read')
      const kept = readdirSync(t.dataDirectory).filter((f) =>
        f.startsWith(`${SETTINGS_FILE}.unreadable-`),
      )
      expect(kept).toHaveLength(1)
      expect(readFileSync(join(t.dataDirectory, kept[0] ?? ''), 'utf8')).toContain('[tru')
    } finally {
      await t.stop()
    }
  })

  it('written by a newer version is left untouched and saving is refused', async () => {
    const t = startTestCore({ secretBackend: emptyKeychain })
    try {
      const future = JSON.stringify({ schemaVersion: 99, anything: true })
      writeFileSync(join(t.dataDirectory, SETTINGS_FILE), future)
      const result = await t.call('environments:save', {
        name: 'New',
        baseUrl: 'https://staging.example.com',
        kind: 'staging',
        userTokenScheme: 'plain',
        timeoutMs: 5000,
      })
      expect(result).toMatchObject({ ok: false, error: { code: 'SETTINGS_UNREADABLE' } })
      expect(readFileSync(join(t.dataDirectory, SETTINGS_FILE), 'utf8')).toBe(future)
    } finally {
      await t.stop()
    }
  })
})

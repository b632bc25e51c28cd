import { describe, expect, it } from 'vitest'
import { catalogOutcome } from '../../scripts/shared-catalog-outcome.mjs'

const MISSING = [{ id: 'core.newThing', source: 'A new thing: {name}' }]
const BROKEN = [{ id: 'core.oldThing', error: new Error('Unexpected token\n  at parse') }]

describe('compiling the shared catalog', () => {
  it('writes a catalog with a message not yet translated, and names the message', () => {
    // The recipe's step: a message just added, `npm run i18n:extract`, the .po not filled yet.
    const outcome = catalogOutcome({
      locale: 'es',
      missing: MISSING,
      errors: [],
      stale: true,
      checkOnly: false,
    })
    expect(outcome.write).toBe(true)
    expect(outcome.failures).toEqual([])
    expect(outcome.notices.join('\n')).toContain('core.newThing: A new thing: {name}')
    expect(outcome.notices[0]).toMatch(/^src-shared\/messages\/locales\/es\.po: 1 message/)
  })

  it('leaves a missing translation to i18n:check rather than failing the check of the file', () => {
    const outcome = catalogOutcome({
      locale: 'es',
      missing: MISSING,
      errors: [],
      stale: false,
      checkOnly: true,
    })
    expect(outcome).toMatchObject({ write: false, failures: [] })
  })

  it('fails the check when the compiled module is not what the catalog compiles to', () => {
    const outcome = catalogOutcome({
      locale: 'es',
      missing: [],
      errors: [],
      stale: true,
      checkOnly: true,
    })
    expect(outcome.write).toBe(false)
    expect(outcome.failures).toEqual([
      'src-shared/messages/locales/es.compiled.ts is not what es.po compiles to: run npm run i18n:extract',
    ])
  })

  it('refuses a translation that does not compile, one line naming it, and writes nothing', () => {
    const outcome = catalogOutcome({
      locale: 'es',
      missing: [],
      errors: BROKEN,
      stale: true,
      checkOnly: false,
    })
    expect(outcome.write).toBe(false)
    expect(outcome.failures).toEqual([
      'src-shared/messages/locales/es.po: core.oldThing does not compile: Unexpected token',
    ])
  })

  it('writes nothing and says nothing when the compiled module is current', () => {
    expect(
      catalogOutcome({ locale: 'es', missing: [], errors: [], stale: false, checkOnly: false }),
    ).toEqual({ write: false, failures: [], notices: [] })
  })
})

// The published formats say yes exactly where the sandbox does: a validator given the plug-in
// and the sandbox's own field rules never disagree on a value.
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { birthdateSchema, nidControlLetter, nidNumberSchema } from '../../src-shared/service'
import { addContractFormats, CONTRACT_FORMATS, dateFormatRange } from './contract-formats'

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })

// DNIs and NIEs of every shape, in either case, their letter right about one time in two.
const nidLike = fc
  .tuple(fc.constantFrom('', 'X', 'Y', 'Z', 'x', 'q'), digits(8), fc.boolean(), fc.boolean())
  .map(([prefix, numbers, right, lower]) => {
    const body = `${prefix}${numbers.join('').slice(prefix ? 1 : 0)}`
    const value = String(Number(body.replace(/^[Xx]/, '0').replace(/^Y/, '1').replace(/^Z/, '2')))
    const letter = right ? nidControlLetter(value) : 'TRWAGMYFPDXBNJZSQVHLCKE'[numbers[0] ?? 0]
    const nid = `${body}${letter ?? 'A'}`
    return lower ? nid.toLowerCase() : nid
  })

// Dates written right, some of them no day of the calendar, some out of range either side.
const dateLike = fc
  .tuple(
    fc.integer({ min: 1850, max: 2200 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([year, month, day]) =>
    [String(year), String(month).padStart(2, '0'), String(day).padStart(2, '0')].join('-'),
  )

describe('the contract formats', () => {
  it("es-nid takes what the sandbox's nid_number takes, and nothing else", () => {
    fc.assert(
      fc.property(fc.oneof(nidLike, fc.string({ maxLength: 12 })), (value) => {
        expect(CONTRACT_FORMATS['es-nid'].validate(value)).toBe(
          nidNumberSchema.safeParse(value).success,
        )
      }),
      { numRuns: 2000 },
    )
  })

  it("date takes what the sandbox's birthdate takes, and nothing else", () => {
    const { latest } = dateFormatRange()
    fc.assert(
      fc.property(fc.oneof(dateLike, fc.constantFrom(latest, '1900-01-01', '1899-12-31')), (v) => {
        expect(CONTRACT_FORMATS.date.validate(v)).toBe(birthdateSchema.safeParse(v).success)
      }),
      { numRuns: 2000 },
    )
  })

  it('turn an Ajv that took the values the sandbox refuses into one that refuses them', () => {
    const schema = {
      type: 'object',
      properties: {
        nid_number: { type: 'string', format: 'es-nid' },
        birthdate: { type: 'string', format: 'date' },
      },
    }
    const refused = [
      { nid_number: '00973305R' },
      { birthdate: '1985-02-30' },
      { birthdate: '2999-01-01' },
    ]
    const plain = new Ajv2020({ validateFormats: false }).compile(schema)
    const withFormats = addContractFormats(new Ajv2020()).compile(schema)
    expect(refused.map((value) => plain(value))).toEqual([true, true, true])
    expect(refused.map((value) => withFormats(value))).toEqual([false, false, false])
    expect(withFormats({ nid_number: 'x1234567l', birthdate: '1985-02-14' })).toBe(true)
  })
})

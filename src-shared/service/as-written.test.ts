import { describe, expect, it } from 'vitest'
import {
  compactMobilePhone,
  compactNidNumber,
  createUserAsWrittenSchema,
  isoFromDayFirst,
  sentAs,
  updateUserAsWrittenSchema,
} from './as-written'
import { createUserRequestSchema } from './requests'

describe('fields as people write them', () => {
  it.each([
    ['12.345.678-Z', '12345678Z'],
    ['12 345 678 z', '12345678Z'],
    ['x-1234567-l', 'X1234567L'],
    ['Y.1234567.X', 'Y1234567X'],
    ['12345678Z', '12345678Z'],
  ])('compacts the DNI/NIE %s to %s', (written, compact) => {
    expect(compactNidNumber(written)).toBe(compact)
  })

  it.each([
    ['+34 612 34 56 78', '612345678'],
    ['0034-612.345.678', '612345678'],
    ['612 345 678', '612345678'],
    ['+34612345678', '612345678'],
  ])('compacts the mobile %s to %s', (written, compact) => {
    expect(compactMobilePhone(written)).toBe(compact)
  })

  it.each(['+44 7700 900123', '0044 7700 900123', '+351 912 345 678'])(
    'refuses the foreign number %s instead of cutting it',
    (written) => {
      expect(compactMobilePhone(written)).toBeNull()
      const result = createUserAsWrittenSchema.safeParse({
        token: 'u',
        status: 2,
        mobile_phone: written,
      })
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: ['mobile_phone'],
          message: expect.stringContaining('country prefix other than +34'),
        }),
      ])
    },
  )

  it('validates what it compacted with the strict rules, which stay strict on their own', () => {
    const written = { token: 'u', status: 2, nid_number: '12.345.678-z', mobile_phone: '+34 612' }
    expect(createUserAsWrittenSchema.parse(written)).toEqual({
      token: 'u',
      status: 2,
      nid_number: '12345678Z',
      mobile_phone: '612',
    })
    expect(createUserRequestSchema.safeParse(written).success).toBe(false)
    expect(
      createUserAsWrittenSchema.safeParse({ ...written, nid_number: '12.345.678-A' }).error
        ?.issues[0]?.message,
    ).toMatch(/correct control letter/)
    expect(createUserAsWrittenSchema.safeParse({ ...written, extra: 1 }).success).toBe(false)
  })

  it('still clears with null on Update', () => {
    expect(updateUserAsWrittenSchema.parse({ status: 3, nid_number: null })).toEqual({
      status: 3,
      nid_number: null,
    })
    expect(updateUserAsWrittenSchema.parse({ status: 3, nid_number: 'x 1234567 l' })).toEqual({
      status: 3,
      nid_number: 'X1234567L',
    })
  })

  it.each([
    ['17/05/1990', '1990-05-17'],
    ['1-2-1990', '1990-02-01'],
    ['17.05.1990', '1990-05-17'],
    [' 17/05/1990 ', '1990-05-17'],
    ['1990-05-17', '1990-05-17'],
  ])('reads the birthdate %s, day first as Spanish users write it, as %s', (written, iso) => {
    expect(isoFromDayFirst(written).trim()).toBe(iso)
    expect(createUserAsWrittenSchema.parse({ token: 'u', status: 0, birthdate: written })).toEqual({
      token: 'u',
      status: 0,
      birthdate: iso,
    })
    expect(updateUserAsWrittenSchema.parse({ status: 0, birthdate: written })).toEqual({
      status: 0,
      birthdate: iso,
    })
  })

  it('refuses a day-first date that is no day of the calendar, and keeps the wire strict', () => {
    expect(
      createUserAsWrittenSchema.safeParse({ token: 'u', status: 0, birthdate: '31/02/1990' }).error
        ?.issues[0]?.message,
    ).toMatch(/not a day of the calendar/)
    expect(
      createUserRequestSchema.safeParse({ token: 'u', status: 0, birthdate: '17/05/1990' }).success,
    ).toBe(false)
  })

  it('names both ways to write a birthdate when the text is neither', () => {
    expect(
      createUserAsWrittenSchema.safeParse({ token: 'u', status: 0, birthdate: '17 May 1990' }).error
        ?.issues[0]?.message,
    ).toBe('birthdate must be a date written YYYY-MM-DD or day first, as 17/05/1990')
  })

  it('tells what a form will send for a value typed another way, and nothing otherwise', () => {
    expect(sentAs('birthdate', '17/05/1990')).toBe('1990-05-17')
    expect(sentAs('nid_number', '12.345.678-z')).toBe('12345678Z')
    expect(sentAs('mobile_phone', '+34 612 34 56 78')).toBe('612345678')
    expect(sentAs('birthdate', '1990-05-17')).toBeNull()
    expect(sentAs('birthdate', '31/02/1990')).toBeNull()
    expect(sentAs('birthdate', '')).toBeNull()
  })
})

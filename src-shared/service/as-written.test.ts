import { describe, expect, it } from 'vitest'
import {
  compactMobilePhone,
  compactNidNumber,
  createUserAsWrittenSchema,
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
})

import { describe, expect, it } from 'vitest'
import { isValidNidNumber, nidControlLetter } from './nid-number'

describe('Spanish DNI / NIE', () => {
  it.each(['12345678Z', '47909749J', '00000000T', '99999999R'])('accepts the DNI %s', (dni) => {
    expect(isValidNidNumber(dni)).toBe(true)
  })

  it.each([
    ['X1234567L', 'X = 0'],
    ['Y1234567X', 'Y = 1'],
    ['Z1234567R', 'Z = 2'],
  ])('accepts the NIE %s (%s)', (nie) => {
    expect(isValidNidNumber(nie)).toBe(true)
  })

  it.each([
    ['12345678A', 'wrong control letter'],
    ['X1234567T', 'NIE with wrong control letter'],
    ['1234567Z', 'seven digits'],
    ['123456789Z', 'nine digits'],
    ['A1234567L', 'unknown NIE prefix'],
    ['12345678', 'no letter'],
    ['12345678z', 'lowercase letter (the schema upper-cases first)'],
    ['12345678-Z', 'separator'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => {
    expect(isValidNidNumber(value)).toBe(false)
  })

  it('computes the control letter as the table entry of the number mod 23', () => {
    expect(nidControlLetter('12345678')).toBe('Z')
    expect(nidControlLetter('01234567')).toBe('L')
  })
})

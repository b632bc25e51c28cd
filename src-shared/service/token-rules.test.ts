// The token's rules, written without lookarounds for the published contract, still say what
// they said: no space at either edge (what trim removes), never a dot segment.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NOT_A_DOT_SEGMENT, WITHOUT_EDGE_SPACES, tokenSchema } from './user-fields'

// Tokens made mostly of spaces and dots, where the two rules have their edges.
const edgy = fc.string({
  unit: fc.constantFrom(' ', '.', 'a', '\u00a0', '\u2028', '\ufeff', '\t', 'ñ'),
  maxLength: 6,
})

describe('a token', () => {
  it('has no white space first or last, exactly where trim would remove some', () => {
    fc.assert(
      fc.property(fc.oneof(edgy, fc.string()), (value) => {
        expect(WITHOUT_EDGE_SPACES.test(value)).toBe(value.trim() === value)
      }),
      { numRuns: 3000 },
    )
  })

  it('is never . or .., and anything else longer or other passes', () => {
    fc.assert(
      fc.property(fc.oneof(edgy, fc.string()), (value) => {
        expect(NOT_A_DOT_SEGMENT.test(value)).toBe(value !== '.' && value !== '..')
      }),
      { numRuns: 3000 },
    )
    expect(tokenSchema.safeParse('...').success).toBe(true)
    expect(tokenSchema.safeParse('..').success).toBe(false)
    expect(tokenSchema.safeParse(' a').success).toBe(false)
  })
})

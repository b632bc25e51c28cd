import fc from 'fast-check'
import { expect, it } from 'vitest'
import { plainPath, urlOf } from './request-path'

const pathCharacter = fc.constantFrom(
  ...'aZ09-_~!$&\'()*+,;=:@/.?#%2eE\\ "<>`{}|^[]é'.split(''),
  '%41',
  '%2e',
  '%2E',
  '%zz',
)

it('reads a path as URL parsing would, or leaves it to URL parsing', () => {
  fc.assert(
    fc.property(fc.array(pathCharacter, { maxLength: 12 }), (characters) => {
      const target = `/${characters.join('')}`
      const plain = plainPath(target)
      if (plain !== null) expect(plain).toBe(urlOf(target).pathname)
    }),
    { numRuns: 2000 },
  )
  expect(plainPath('/api/v3/pendingCompanyUsers/ana%20l')).toBe(
    '/api/v3/pendingCompanyUsers/ana%20l',
  )
  expect(plainPath('/api/v3/pendingCompanyUsers/..')).toBeNull()
})

// The search itself, a pure function: what a user finds by what they type. Its speed is the
// bench's (scripts/bench-find.ts), never asserted here.
import { describe, expect, it } from 'vitest'
import type { KnownUser } from '../../../src-shared/known-users'
import { indexKnownUsers, searchKnownUsers } from './known-users-search'

const AT = Date.parse('2026-11-01T10:00:00.000Z')

function user(token: string, fields: Partial<KnownUser>, minutesAgo = 0): KnownUser {
  return {
    environmentId: 'staging',
    token,
    email: null,
    nid_number: null,
    firstname: null,
    lastname: null,
    source: 'read',
    lastSeen: new Date(AT - minutesAgo * 60_000).toISOString(),
    ...fields,
  }
}

const USERS = [
  user(
    't-jose',
    {
      firstname: 'José',
      lastname: 'García Núñez',
      email: 'Jose.Garcia@Example.com',
      nid_number: '12345678Z',
    },
    5,
  ),
  user(
    't-ana',
    { firstname: 'Ana', lastname: 'Peña', email: 'ana@example.org', nid_number: 'X1234567L' },
    1,
  ),
  user(
    't-joseba',
    { firstname: 'Joseba', lastname: 'Etxeberria', email: 'joseba@example.net' },
    10,
  ),
]
const index = indexKnownUsers(USERS)
const tokens = (text: string, notBefore = 0) =>
  searchKnownUsers(index, text, notBefore, 50).matches.map((match) => match.token)

describe('finding a known user', () => {
  it('finds by part of a name, whatever the case and the accents typed', () => {
    expect(tokens('garcia')).toEqual(['t-jose'])
    expect(tokens('GARCÍA núñez')).toEqual(['t-jose'])
    expect(tokens('pena')).toEqual(['t-ana'])
    expect(tokens('Peña')).toEqual(['t-ana'])
    // Every word must be found, each in any field: first name and surname together.
    expect(tokens('jose garcia')).toEqual(['t-jose'])
    expect(tokens('josé')).toEqual(['t-jose', 't-joseba'])
  })

  it('finds by part of an email in any case', () => {
    expect(tokens('jose.garcia@')).toEqual(['t-jose'])
    expect(tokens('EXAMPLE.ORG')).toEqual(['t-ana'])
  })

  it('finds by DNI or NIE, as stored or typed with dots and dashes', () => {
    expect(tokens('12345678z')).toEqual(['t-jose'])
    expect(tokens('12.345.678-Z')).toEqual(['t-jose'])
    expect(tokens('x1234567')).toEqual(['t-ana'])
  })

  it('lists the most recently seen first, and everything for nothing typed', () => {
    expect(tokens('')).toEqual(['t-ana', 't-jose', 't-joseba'])
    expect(tokens('example')).toEqual(['t-ana', 't-jose', 't-joseba'])
  })

  it('finds nothing that is not there, and no word across two fields', () => {
    expect(tokens('maría')).toEqual([])
    // "ana" + "ana@" are separate fields of one user; "peñaana" would need them joined.
    expect(tokens('peñaana')).toEqual([])
  })

  it('leaves out users seen before the retention period', () => {
    expect(tokens('example', AT - 6 * 60_000)).toEqual(['t-ana', 't-jose'])
  })

  it('counts every match but returns at most the limit, among 10,000 users', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      user(`t-${i}`, { firstname: i % 2 === 0 ? 'Íñigo' : 'Marta', lastname: `Apellido${i}` }, i),
    )
    const found = searchKnownUsers(indexKnownUsers(many), 'inigo', 0, 50)
    expect(found.matched).toBe(5_000)
    expect(found.known).toBe(10_000)
    expect(found.matches).toHaveLength(50)
    expect(found.matches[0]?.token).toBe('t-0')
    expect(searchKnownUsers(indexKnownUsers(many), 'apellido9999', 0, 50).matches).toEqual([
      expect.objectContaining({ token: 't-9999' }),
    ])
  })
  it('finds a user by their new name once the list is read again, and no longer by the old one', () => {
    const renamed = USERS.map((entry) =>
      entry.token === 't-ana'
        ? { ...entry, lastname: 'Ortiz', email: 'ana.ortiz@example.org' }
        : entry,
    )
    const again = indexKnownUsers([...renamed, user('t-luis', { firstname: 'Luis' })], index)
    const found = (text: string) =>
      searchKnownUsers(again, text, 0, 50).matches.map((match) => match.token)
    expect(found('ortiz')).toEqual(['t-ana'])
    expect(found('pena')).toEqual([])
    expect(found('luis')).toEqual(['t-luis'])
    expect(found('garcia')).toEqual(['t-jose'])
  })
})

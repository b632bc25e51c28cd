import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docPages, ROOT } from './helpers/doc-pages'
import { CHANNELS, EVENTS } from '../src-shared/ipc/channels'

const ARCHITECTURE = 'docs/architecture.md'
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8')

/** The body of a section, from its heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)?.[0].length ?? 0
  const start = markdown.split('\n').findIndex((line) => line.trim() === heading)
  if (start === -1) return ''
  const rest = markdown.split('\n').slice(start + 1)
  const end = rest.findIndex((line) => {
    const hashes = /^(#+)\s/.exec(line)?.[1]
    return hashes !== undefined && hashes.length <= level
  })
  return (end === -1 ? rest : rest.slice(0, end)).join('\n')
}

/** `group:name` in backticks, as the docs name a channel or an event. */
function namedIn(text: string): Set<string> {
  return new Set([...text.matchAll(/`([a-z]+:[a-z][A-Za-z]*)`/g)].map(([, name = '']) => name))
}

/** What the contract has that the list lacks, and what the list names that is not there. */
function compare(named: Set<string>, contract: readonly string[]) {
  return {
    undocumented: contract.filter((name) => !named.has(name)),
    notInContract: [...named].filter((name) => !contract.includes(name)),
  }
}

describe(`${ARCHITECTURE} documents the IPC contract`, () => {
  const page = read(ARCHITECTURE)

  it('lists exactly the contract channels under "Channels"', () => {
    const listed = namedIn(section(page, '### Channels'))
    expect(compare(listed, CHANNELS)).toEqual({ undocumented: [], notInContract: [] })
  })

  it('lists exactly the contract events under "Events"', () => {
    const listed = namedIn(section(page, '### Events'))
    expect(compare(listed, EVENTS)).toEqual({ undocumented: [], notInContract: [] })
  })

  // A page elsewhere may name a channel in passing (`users:update` in the user guide): a name
  // of a contract group that is no channel or event is a stale name, wherever it is.
  it.each(docPages())('names no channel or event in %s that the contract lacks', (path) => {
    const groups = new Set([...CHANNELS, ...EVENTS].map((name) => name.split(':')[0]))
    const known: readonly string[] = [...CHANNELS, ...EVENTS]
    const stale = [...namedIn(read(path))].filter(
      (name) => groups.has(name.split(':')[0]) && !known.includes(name),
    )
    expect(stale).toEqual([])
  })
})

// The comparison itself, on a page it has not seen: it must see a name missing either way.
describe('the contract comparison', () => {
  const page = [
    '## The IPC contract',
    '### Channels',
    '| users | `users:create`, `users:remove` |',
    '### Events',
    '`bulk:progress`',
    '## Next',
    '`environments:changed`',
  ].join('\n')

  it('reads a section up to the next heading of its level or higher', () => {
    expect([...namedIn(section(page, '### Channels'))]).toEqual(['users:create', 'users:remove'])
    expect([...namedIn(section(page, '### Events'))]).toEqual(['bulk:progress'])
    expect(section(page, '### Missing')).toBe('')
  })

  it('reports a channel left out and a name the contract does not have', () => {
    const result = compare(namedIn(section(page, '### Channels')), ['users:create', 'users:get'])
    expect(result).toEqual({ undocumented: ['users:get'], notInContract: ['users:remove'] })
  })
})

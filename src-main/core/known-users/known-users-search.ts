import type { KnownUser } from '../../../src-shared/known-users'

/** Text as the search compares it: lower case, accents and other marks dropped (José = jose). */
function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** Only letters and digits: a DNI typed "12.345.678-Z" is the stored "12345678Z". */
function compact(folded: string): string {
  return folded.replace(/[^\p{L}\p{N}]/gu, '')
}

/** One environment's users, the most recently seen first, each with the text it is found by. */
export interface KnownUsersIndex {
  readonly entries: readonly KnownUser[]
  readonly seenAt: readonly number[]
  readonly haystacks: readonly string[]
  /** Each haystack by the fields it was folded from, for the next index of the same list. */
  readonly folded: ReadonlyMap<string, string>
}

// Fields are kept apart by a character no search term holds: a term never spans two of them.
const APART = '\u0000'

// As JSON: a field from the service may itself hold the character that keeps haystack fields apart.
const fieldsOf = (entry: KnownUser) =>
  JSON.stringify([entry.email, entry.nid_number, entry.firstname, entry.lastname, entry.token])

function haystackOf(entry: KnownUser): string {
  return [
    foldText(entry.email ?? ''),
    compact(foldText(entry.nid_number ?? '')),
    foldText(`${entry.firstname ?? ''} ${entry.lastname ?? ''}`),
    foldText(entry.token),
  ].join(APART)
}

/**
 * The index of `entries`. Folding is most of its cost, so an entry whose fields `previous` already
 * folded is not folded again: a list read again after another face added a user folds that one.
 */
export function indexKnownUsers(
  entries: readonly KnownUser[],
  previous?: KnownUsersIndex,
): KnownUsersIndex {
  // Each date read once, not at every comparison: the sort of 10,000 users would read 280,000.
  const dated = entries.map((entry) => ({ entry, at: Date.parse(entry.lastSeen) }))
  dated.sort((a, b) => b.at - a.at)
  const sorted = dated.map(({ entry }) => entry)
  const folded = new Map<string, string>()
  const haystacks = sorted.map((entry) => {
    const fields = fieldsOf(entry)
    const haystack = previous?.folded.get(fields) ?? haystackOf(entry)
    folded.set(fields, haystack)
    return haystack
  })
  return { entries: sorted, seenAt: dated.map(({ at }) => at), haystacks, folded }
}

/** Each word of what was typed, and the same word without punctuation where that differs. */
function termsOf(text: string): { term: string; compacted: string }[] {
  return foldText(text)
    .split(/\s+/)
    .filter((term) => term !== '')
    .map((term) => ({ term, compacted: compact(term) }))
}

/**
 * The users whose email, DNI/NIE, name or token hold every word typed, in any case and with or
 * without accents, seen at `notBefore` or later; the most recently seen first, at most `limit`.
 * Nothing typed finds every user.
 */
export function searchKnownUsers(
  index: KnownUsersIndex,
  text: string,
  notBefore: number,
  limit: number,
): { matches: KnownUser[]; matched: number; known: number } {
  const terms = termsOf(text)
  const matches: KnownUser[] = []
  let matched = 0
  let known = 0
  for (let i = 0; i < index.entries.length; i++) {
    if ((index.seenAt[i] ?? 0) < notBefore) break
    known++
    const haystack = index.haystacks[i] ?? ''
    const found = terms.every(
      ({ term, compacted }) =>
        haystack.includes(term) || (compacted !== '' && haystack.includes(compacted)),
    )
    if (!found) continue
    matched++
    const entry = index.entries[i]
    if (entry && matches.length < limit) matches.push(entry)
  }
  return { matches, matched, known }
}

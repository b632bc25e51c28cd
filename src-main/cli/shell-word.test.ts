import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { shellWord } from './shell-word'

/** What a POSIX shell makes of the word: the one argument it passes on. */
const asTheShellReadsIt = (word: string) =>
  execFileSync('sh', ['-c', `printf '%s' ${word}`], { encoding: 'utf8' })

describe('a value as a word a shell takes back unchanged', () => {
  it('leaves a plain name bare', () => {
    expect(shellWord('staging-es_2')).toBe('staging-es_2')
  })

  it.each([
    'x$(touch /tmp/shell-word-ran)',
    'x`touch /tmp/shell-word-ran`',
    'Staging ES',
    'it\'s "quoted"',
    "'",
    '',
    'a\\b $HOME *',
  ])('quotes %j so the shell runs nothing in it and passes it whole', (value) => {
    const word = shellWord(value)
    expect(word).toMatch(/^'/)
    expect(asTheShellReadsIt(word)).toBe(value)
  })
})

import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './helpers/doc-pages'

const RECIPES = ['Add a channel', 'Add a message', 'Add a screen']

/** A recipe's numbered steps, each with the text up to the next step or the next heading. */
function stepsOf(markdown: string, recipe: string): string[] {
  const start = markdown.indexOf(`### ${recipe}\n`)
  if (start < 0) return []
  const rest = markdown.slice(start + recipe.length + 5)
  const next = rest.search(/^#{2,3} /m)
  const body = next < 0 ? rest : rest.slice(0, next)
  return body.split(/^(?=\d+\. )/m).filter((part) => /^\d+\. /.test(part))
}

/** The repository files a step links to, as paths from the root (CONTRIBUTING sits there). */
function linkedFiles(step: string): string[] {
  return [...step.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/** Every "`name` in [`path`](path)" a step writes: the file must hold that name. */
function namesInLinkedFiles(step: string): { name: string; path: string }[] {
  return [
    ...step.matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`\s+in\s+\[`[^`]*`\]\(([^)#\s]+)\)/g),
  ].map(([, name = '', path = '']) => ({ name, path }))
}

const contributing = readFileSync(resolve(ROOT, 'CONTRIBUTING.md'), 'utf8')

describe.each(RECIPES)('the recipe "%s"', (recipe) => {
  const steps = stepsOf(contributing, recipe)

  it('links every step to a file it touches, and each of those files exists', () => {
    expect(steps.length).toBeGreaterThan(2)
    expect(steps.filter((step) => linkedFiles(step).length === 0)).toEqual([])
    const missing = steps.flatMap(linkedFiles).filter((path) => !existsSync(resolve(ROOT, path)))
    expect(missing).toEqual([])
  })

  it('names only what those files still hold', () => {
    const gone = steps.flatMap(namesInLinkedFiles).filter(({ name, path }) => {
      const file = resolve(ROOT, path)
      return (
        !existsSync(file) || !new RegExp(String.raw`\b${name}\b`).test(readFileSync(file, 'utf8'))
      )
    })
    expect(gone).toEqual([])
  })
})

// The readers themselves: a reader that finds no step, or a link in every step, passes anything.
describe('the recipe reader', () => {
  const page = [
    '### Add a thing',
    '',
    '1. **One.** `CHANNELS` in [`src-shared/ipc/channels.ts`](src-shared/ipc/channels.ts).',
    '2. **Two.** Nothing linked, `src-shared/ipc/contract.ts` only named.',
    '   A [web page](https://example.com) is no file.',
    '',
    '### Add another',
    '',
    '1. [Architecture](docs/architecture.md#channels)',
  ].join('\n')

  it('splits a recipe into its steps and stops at the next heading', () => {
    expect(stepsOf(page, 'Add a thing')).toHaveLength(2)
    expect(stepsOf(page, 'Add another')).toHaveLength(1)
    expect(stepsOf(page, 'No such recipe')).toEqual([])
  })

  it('finds the files a step links to, not the web and not a name in backticks', () => {
    const [one = '', two = ''] = stepsOf(page, 'Add a thing')
    expect(linkedFiles(one)).toEqual(['src-shared/ipc/channels.ts'])
    expect(linkedFiles(two)).toEqual([])
    expect(linkedFiles(stepsOf(page, 'Add another')[0] ?? '')).toEqual(['docs/architecture.md'])
    expect(namesInLinkedFiles(one)).toEqual([
      { name: 'CHANNELS', path: 'src-shared/ipc/channels.ts' },
    ])
  })
})

import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docPages, ROOT } from './helpers/doc-pages'
import { anchorsOf, type Link, relativeLinks } from './helpers/markdown-links'

/** Why a link does not lead where it says, or null when it does. */
function brokenBecause(link: Link, read: (path: string) => string): string | null {
  const [path = '', anchor] = link.target.split('#')
  const file = path === '' ? link.page : relative(ROOT, resolve(ROOT, dirname(link.page), path))
  if (!existsSync(resolve(ROOT, file))) return `${file} does not exist`
  if (anchor === undefined) return null
  if (statSync(resolve(ROOT, file)).isDirectory()) return `${file} is a folder: it has no headings`
  if (!file.endsWith('.md')) return `${file} is not a Markdown page: #${anchor} cannot be checked`
  return anchorsOf(read(file)).has(decodeURIComponent(anchor))
    ? null
    : `${file} has no heading #${anchor}`
}

const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8')

describe('links in the docs', () => {
  it('finds the pages and their links', () => {
    expect(docPages()).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md']))
    expect(docPages().length).toBeGreaterThan(5)
    expect(relativeLinks('README.md', read('README.md')).length).toBeGreaterThan(5)
  })

  it.each(docPages())(
    'every relative link in %s leads to a file and heading that exist',
    (page) => {
      const broken = relativeLinks(page, read(page))
        .map((link) => ({ link: link.target, why: brokenBecause(link, read) }))
        .filter(({ why }) => why !== null)
      expect(broken).toEqual([])
    },
  )
})

// The checker itself: a link checker that passes everything would pass these pages too.
describe('the link checker', () => {
  it('makes anchors as GitHub does', () => {
    const anchors = anchorsOf(
      "# Title\n## What a Save guards\n## The service's API and the sandbox\n" +
        "## `npm test` and CI\n## The browser shell: the browser's chooser\n## Title\n" +
        '```bash\n# not a heading\n```\n',
    )
    expect([...anchors]).toEqual([
      'title',
      'what-a-save-guards',
      'the-services-api-and-the-sandbox',
      'npm-test-and-ci',
      'the-browser-shell-the-browsers-chooser',
      'title-1',
    ])
  })

  it('reads links outside code only, and leaves the web alone', () => {
    const links = relativeLinks(
      'docs/a.md',
      '[a](b.md) [web](https://example.com) `[no](c.md)`\n```\n[no](d.md)\n```\n[e](#e)',
    )
    expect(links.map(({ target }) => target)).toEqual(['b.md', '#e'])
  })

  it('tells a missing file, a missing heading and a folder with an anchor apart', () => {
    const pagesByPath: Record<string, string> = { 'docs/testing.md': '# Testing\n## Layers\n' }
    const fake = (path: string) => pagesByPath[path] ?? read(path)
    expect(brokenBecause({ page: 'README.md', target: 'docs/no-such-page.md' }, fake)).toBe(
      'docs/no-such-page.md does not exist',
    )
    expect(brokenBecause({ page: 'README.md', target: 'docs/testing.md#layers' }, fake)).toBeNull()
    expect(brokenBecause({ page: 'README.md', target: 'docs/testing.md#no-such' }, fake)).toBe(
      'docs/testing.md has no heading #no-such',
    )
    expect(brokenBecause({ page: 'docs/bulk.md', target: '../examples#x' }, fake)).toBe(
      'examples is a folder: it has no headings',
    )
    expect(brokenBecause({ page: 'docs/bulk.md', target: '../README.md' }, fake)).toBeNull()
  })
})

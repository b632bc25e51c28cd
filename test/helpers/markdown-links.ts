// What a Markdown page links to, read as GitHub renders it.
/** The text a reader sees as Markdown: fenced blocks and code spans hold no links or headings. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '``')
}

/**
 * A heading's anchor as GitHub makes it: the rendered text in lower case, punctuation dropped,
 * spaces turned into hyphens, and a repeated anchor numbered (-1, -2 ...).
 */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
  for (const [, heading = ''] of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .toLowerCase()
    const base = text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

export interface Link {
  page: string
  target: string
}

/** Every link of a page that points into this repository (not to the web, not mail). */
export function relativeLinks(page: string, markdown: string): Link[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target = '']) => ({ page, target }))
    .filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from './core/page/content-security-policy'

// The file server sends the policy as a header; the build injects it into the page as well.
it('the built page carries the CSP the file server sends', () => {
  const html = readFileSync(resolve(import.meta.dirname, '../out/renderer/index.html'), 'utf8')
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1]
  expect(meta?.replace(/&#39;/g, "'")).toBe(CONTENT_SECURITY_POLICY)
})

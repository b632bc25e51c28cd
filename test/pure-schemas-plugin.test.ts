import { parseAst, type Plugin } from 'vite'
import { describe, expect, it } from 'vitest'
import { pureSchemas } from '../scripts/pure-schemas-plugin'

const PURE = '/* @__PURE__ */ '

/** The plugin's transform, run as Vite runs it on a module it bundles (JavaScript by then). */
function transform(code: string, id: string): string | undefined {
  const hook = pureSchemas().transform as Extract<
    Plugin['transform'],
    (...args: never[]) => unknown
  >
  const result = hook.call({ parse: parseAst } as never, code, id) as { code: string } | undefined
  return result?.code
}

describe('the page build’s pure schemas', () => {
  const shared = '/repo/src-shared/service/example.ts'

  it('marks each call that builds a schema, so a schema nobody uses is left out', () => {
    const code = [
      "import * as z from 'zod'",
      'export const tokenSchema = z.string().min(1)',
      'export const formSchema = z.object({ token: tokenSchema.optional(), tags: z.array(z.string()) })',
    ].join('\n')
    const marked = transform(code, shared) ?? ''
    expect(marked).toContain(`= ${PURE}z.string().min(1)`)
    expect(marked).toContain(`token: ${PURE}tokenSchema.optional()`)
    expect(marked).toContain(`tags: ${PURE}z.array(${PURE}z.string())`)
  })

  it('leaves alone what has an effect beyond its result: parsing, configuring zod, registering', () => {
    const code = [
      "import * as z from 'zod'",
      'z.config({ jitless: true })',
      'export function check(value) { tokenSchema.parse(value) }',
      "const described = z.string().describe('A token')",
      "const titled = tokenSchema.meta({ title: 'Token' })",
      'z.string().register(z.globalRegistry, {})',
      'z.globalRegistry.remove(tokenSchema)',
      'z.globalRegistry.clear()',
      'z.globalRegistry.add(tokenSchema, {})',
      'tokenSchema.options.forEach(remember)',
    ].join('\n')
    // A schema built inside such a chain may be marked: the call it feeds is kept, and keeps it.
    const kept = (transform(code, shared) ?? code).replaceAll(`${PURE}z.string()`, 'z.string()')
    expect(kept).toBe(code)
  })

  it('touches only the shared modules that import zod', () => {
    const code = "import * as z from 'zod'\nexport const a = z.string()"
    expect(transform(code, '/repo/src-renderer/src/lib/example.ts')).toBeUndefined()
    expect(transform('export const a = z.string()', shared)).toBeUndefined()
  })
})

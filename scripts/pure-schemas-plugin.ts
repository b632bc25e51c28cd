import type { Plugin } from 'vite'

interface Node {
  type: string
  start: number
  callee?: Node
  object?: Node
  property?: Node
  name?: string
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

/** A chain such as `z.string().min(1).max(9)`: the name it starts from and its members' names. */
function chainNames(node: Node | undefined, members: string[] = []): string[] {
  if (node?.type === 'CallExpression') return chainNames(node.callee, members)
  if (node?.type === 'MemberExpression')
    return chainNames(node.object, [...members, node.property?.name ?? ''])
  return [node?.type === 'Identifier' ? (node.name ?? '') : '', ...members]
}

// A chain that starts from zod itself or from a schema (named, everywhere in src-shared, `…Schema`)
// and builds a schema. One that checks a value is kept (parse, safeParse, their async forms and
// `spa`; encode and decode), and so is one with an effect beyond its result: configuring zod,
// registering a schema (register, meta and describe add to zod's global registry; a registry's
// add, remove or clear), or a callback run over a schema's parts.
const SCHEMA_ROOT = /^(z|\w+Schema)$/
const HAS_EFFECTS =
  /parse|code$|^spa$|^config$|^register$|^meta$|^describe$|^add$|^remove$|^clear$|^forEach$/i

function buildsSchema(node: Node): boolean {
  const [root = '', ...members] = chainNames(node)
  return SCHEMA_ROOT.test(root) && !members.some((member) => HAS_EFFECTS.test(member))
}

/** Where each call of a chain that builds a schema begins. */
function zodCallStarts(node: unknown, starts: Set<number>): Set<number> {
  if (Array.isArray(node)) for (const child of node) zodCallStarts(child, starts)
  if (!isNode(node)) return starts
  if (node.type === 'CallExpression' && buildsSchema(node)) starts.add(node.start)
  for (const [key, child] of Object.entries(node)) if (key !== 'type') zodCallStarts(child, starts)
  return starts
}

/**
 * The shared modules build their zod schemas at load, and Rollup keeps every call whose result
 * it cannot prove harmless: a page that imports one constant from such a module would load and
 * build all its schemas. Building a schema has no effect but the schema (zod's methods return a new
 * one), so each chain that starts from `z` or from a schema there is marked pure, and a schema
 * nothing uses is left out of the page; the helpers that build schemas become pure with them.
 * Only the shared modules that import zod as `z` are touched.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'integrator-console-pure-schemas',
    // Only a bundle leaves code out; the dev server serves each module whole.
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src-shared/') || !/import \* as z from ['"]zod['"]/.test(code)) return
      const starts = [...zodCallStarts(this.parse(code), new Set())].sort((a, b) => b - a)
      let marked = code
      for (const start of starts)
        marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`
      return { code: marked, map: null }
    },
  }
}

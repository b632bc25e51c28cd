import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

/**
 * The source files of `folder` (relative to `root`) whose runtime imports, followed to the end
 * through the project's own files, reach only the packages `mayLoad` accepts. Type-only imports
 * are erased by the build and not followed; every other import is kept (verbatimModuleSyntax),
 * so it counts. Returns paths relative to `root`, the form boundary patterns take.
 */
export function filesLoadingOnly(root, folder, { recursive, mayLoad }) {
  const verdicts = new Map()
  const loadsOnly = (file) => {
    if (!verdicts.has(file)) {
      // Assumed fine while its own imports are read, so that a cycle ends; a cycle's members are
      // then judged by the imports that leave it.
      verdicts.set(file, true)
      verdicts.set(
        file,
        runtimeImports(file).every((specifier) => {
          if (!specifier.startsWith('.')) return mayLoad(specifier)
          const target = resolveLocal(file, specifier)
          return target !== undefined && loadsOnly(target)
        }),
      )
    }
    return verdicts.get(file)
  }
  return readdirSync(join(root, folder), { recursive, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name))
    .map((name) => join(root, folder, name))
    .filter(loadsOnly)
    .map((file) => relative(root, file))
}

function runtimeImports(file) {
  const specifiers = []
  const visit = (node) => {
    const typeOnly =
      (ts.isImportDeclaration(node) && node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && node.isTypeOnly)
    const specifier =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined
    if (!typeOnly && specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text)
    ts.forEachChild(node, visit)
  }
  visit(ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest))
  return specifiers
}

/** Where a relative specifier lands, as the bundler resolves it; undefined if nowhere. */
function resolveLocal(from, specifier) {
  const base = resolve(dirname(from), specifier)
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync)
}

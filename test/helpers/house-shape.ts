import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { ROOT } from './doc-pages'

const SOURCE_FOLDERS = ['src-main', 'src-renderer', 'src-shared', 'src-sandbox']

const isTestFile = (path: string) =>
  /\.(test|spec)\.tsx?$/.test(path) || path.split('/').includes('test') || path.endsWith('.d.ts')

/** Every non-test TypeScript source file under the four source folders, from the root. */
export function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .map((path) => `${folder}/${path.split('\\').join('/')}`)
      .filter((path) => /\.tsx?$/.test(path) && !isTestFile(path)),
  ).sort()
}

/**
 * The lines of a file that hold code (cloc's count): not blank, not only a comment. The house
 * writes why beside what, so a file's comments are not its length.
 */
export function codeLineCount(path: string): number {
  const text = readFileSync(join(ROOT, path), 'utf8')
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.JSX, text)
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest)
  const lineOf = (at: number) => file.getLineAndCharacterOfPosition(at).line
  const lines = new Set<number>()
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (
      token === ts.SyntaxKind.WhitespaceTrivia ||
      token === ts.SyntaxKind.NewLineTrivia ||
      token === ts.SyntaxKind.SingleLineCommentTrivia ||
      token === ts.SyntaxKind.MultiLineCommentTrivia
    )
      continue
    for (
      let line = lineOf(scanner.getTokenStart());
      line <= lineOf(scanner.getTokenEnd() - 1);
      line++
    )
      lines.add(line)
  }
  return lines.size
}

/** The value at `share` (0.5 for the median) of the counts, nearest rank. */
export function percentile(counts: readonly number[], share: number): number {
  const sorted = [...counts].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? 0
}

export interface FunctionSpan {
  /** `path:name`, the name as a caller writes it. */
  id: string
  lines: number
}

type FunctionNode = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression

const isFunctionValue = (node: ts.Node | undefined): boolean =>
  !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node))

/** Whether an object literal holds a closure: a method, a function value, or a local function. */
function holdsClosures(object: ts.ObjectLiteralExpression, locals: ReadonlySet<string>): boolean {
  return object.properties.some(
    (property) =>
      ts.isMethodDeclaration(property) ||
      (ts.isPropertyAssignment(property) && isFunctionValue(property.initializer)) ||
      (ts.isShorthandPropertyAssignment(property) && locals.has(property.name.text)),
  )
}

/** The functions declared directly in a body (not in nested functions), by name. */
function localFunctions(body: ts.Node): Set<string> {
  const names = new Set<string>()
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) names.add(node.name.text)
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      if (isFunctionValue(node.initializer)) names.add(node.name.text)
    }
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit)
  }
  ts.forEachChild(body, visit)
  return names
}

/** Whether the function returns an object literal of closures, as a closure factory does. */
function returnsClosures(fn: FunctionNode): boolean {
  const body = fn.body
  if (!body) return false
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)
      ? unwrap(node.expression)
      : node
  const locals = localFunctions(body)
  const closureObject = (node: ts.Expression | undefined) =>
    !!node &&
    ts.isObjectLiteralExpression(unwrap(node)) &&
    holdsClosures(unwrap(node) as ts.ObjectLiteralExpression, locals)
  if (!ts.isBlock(body)) return closureObject(body)
  let found = false
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && closureObject(node.expression)) found = true
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit)
  }
  ts.forEachChild(body, visit)
  return found
}

function nameOf(fn: FunctionNode): string | undefined {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text
  const parent = fn.parent
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text
  return undefined
}

/** Every closure factory of a file: a `create…` function, or one returning closures. */
export function closureFactories(path: string): FunctionSpan[] {
  const text = readFileSync(join(ROOT, path), 'utf8')
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const line = (position: number) => file.getLineAndCharacterOfPosition(position).line
  const found: FunctionSpan[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)
    ) {
      const name = nameOf(node) ?? `(anonymous at line ${line(node.getStart()) + 1})`
      if (name.startsWith('create') || returnsClosures(node))
        found.push({
          id: `${path}:${name}`,
          lines: line(node.getEnd()) - line(node.getStart()) + 1,
        })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

import { readFileSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import { parse } from 'csv-parse/sync'
import { createUserRequestSchema, type CreateUserRequest } from '../src-shared/service'

const MAX_SEED_BYTES = 16 * 1024 * 1024
const NUMBER_FIELDS = new Set(['status', 'gender', 'has_video_call', 'has_video_call_1to1'])

/** A CSV row as the service would take it: numbers for the number fields, no empty cells. */
function fromCsvRow(row: Record<string, string>): Record<string, unknown> {
  const user: Record<string, unknown> = {}
  for (const [field, cell] of Object.entries(row)) {
    const value = cell.trim()
    if (value === '') continue
    user[field] = NUMBER_FIELDS.has(field) && /^-?\d+$/.test(value) ? Number(value) : value
  }
  return user
}

function entriesOf(path: string, text: string): unknown[] {
  if (extname(path).toLowerCase() === '.csv') {
    const firstLine = text.slice(0, text.indexOf('\n') >>> 0)
    const delimiter =
      (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ','
    const rows: Record<string, string>[] = parse(text, {
      bom: true,
      columns: (headers: string[]) => headers.map((h) => h.trim()),
      delimiter,
      skip_empty_lines: true,
    })
    return rows.map(fromCsvRow)
  }
  const json: unknown = JSON.parse(text)
  if (Array.isArray(json)) return json
  if (
    typeof json === 'object' &&
    json !== null &&
    Array.isArray((json as { users?: unknown }).users)
  )
    return (json as { users: unknown[] }).users
  throw new Error('it must hold a JSON array of users, or an object with a "users" array')
}

/**
 * The users a sandbox starts with (SANDBOX_SEED): a JSON array (or `{ "users": [...] }`) or a
 * CSV file whose headers are the service's field names (`,` or `;`). Every user is checked by
 * the service's own Create schema; one bad user refuses the whole file, naming it and its field.
 * `named` is how a message names the file (the Node API's option is not a variable).
 */
export function readSeed(path: string, named = `SANDBOX_SEED ${path}`): CreateUserRequest[] {
  let entries: unknown[]
  try {
    if (statSync(path).size > MAX_SEED_BYTES) throw new Error('it is larger than 16 MiB')
    const text = readFileSync(path, 'utf8')
    entries = entriesOf(path, text)
  } catch (error) {
    throw new Error(
      `${named} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return checkSeed(entries, named)
}

/** Seed users checked as Create checks them, each token once; every problem named by place. */
export function checkSeed(entries: readonly unknown[], named: string): CreateUserRequest[] {
  const users: CreateUserRequest[] = []
  const tokens = new Set<string>()
  const problems: string[] = []
  entries.forEach((entry, index) => {
    const where = `user ${index + 1}`
    const parsed = createUserRequestSchema.safeParse(entry)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`${where}: ${issue.path.join('.') || '(the user)'}: ${issue.message}`)
      return
    }
    if (tokens.has(parsed.data.token))
      problems.push(`${where}: token ${parsed.data.token} is given twice`)
    tokens.add(parsed.data.token)
    users.push(parsed.data)
  })
  if (problems.length > 0)
    throw new Error(`${named} has invalid users:\n  ${problems.slice(0, 20).join('\n  ')}`)
  return users
}

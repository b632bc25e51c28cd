import type { ActivityEntry } from './activity-entry'

/** Single-quotes for the shell, except `$VARIABLE` placeholders, which must expand. */
function shellWord(value: string): string {
  return value
    .split(/(\$[A-Z_]+)/)
    .filter((part) => part !== '')
    .map((part) => (/^\$[A-Z_]+$/.test(part) ? `"${part}"` : `'${part.replace(/'/g, `'\\''`)}'`))
    .join('')
}

/**
 * A cURL command that repeats the call. Secrets appear as shell variables ($API_KEY...), never as
 * values: whoever runs it sets them first.
 */
export function toCurlCommand(entry: ActivityEntry): string {
  const parts = ['curl', '-sS', '-X', entry.method, shellWord(entry.url)]
  // The proxy it went through, by its address alone: one that asks for a name and password
  // gets them as curl's --proxy-user, which whoever runs it adds.
  if (entry.proxy !== null) parts.push('--proxy', shellWord(entry.proxy))
  for (const [name, value] of Object.entries(entry.requestHeaders)) {
    parts.push('-H', shellWord(`${name}: ${value}`))
  }
  if (entry.requestBody !== null) parts.push('--data-raw', shellWord(entry.requestBody))
  return parts.join(' ')
}

import { SHARED_MESSAGES, type SharedMessage, type SharedMessageKey } from './shared-messages'

export type MessageValues = Readonly<Record<string, string | number>>

const PLACEHOLDER = /\{(\w+)\}/g

/** The message in English with its values in place: what every schema and the core say. */
export function sharedText(key: SharedMessageKey, values: MessageValues = {}): string {
  return SHARED_MESSAGES[key].message.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

export interface RecognizedMessage {
  message: SharedMessage
  values: Record<string, string>
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

interface Pattern {
  message: SharedMessage
  names: string[]
  regex: RegExp
  literalLength: number
}

// The most specific first: "the secret must be at most 9 characters" is the secret's own rule,
// not "{field} must be at most {max} characters" with "the secret" as its field.
let patterns: Pattern[] | undefined
function allPatterns(): Pattern[] {
  patterns ??= Object.values(SHARED_MESSAGES)
    .map((message): Pattern => {
      // Split on a capturing pattern: literals at even places, placeholder names at odd ones.
      const parts = message.message.split(PLACEHOLDER)
      const literals = parts.filter((_, index) => index % 2 === 0)
      return {
        message,
        names: parts.filter((_, index) => index % 2 === 1),
        regex: new RegExp(`^${literals.map(escapeRegExp).join('(.+?)')}$`, 's'),
        literalLength: literals.join('').length,
      }
    })
    .sort((a, b) => b.literalLength - a.literalLength)
  return patterns
}

/**
 * Which shared message an English text is, with its values; null for any other text (a real
 * service's own words), which a face shows as it came.
 */
export function recognizeSharedText(text: string): RecognizedMessage | null {
  for (const pattern of allPatterns()) {
    const match = pattern.regex.exec(text)
    if (match === null) continue
    const values: Record<string, string> = {}
    pattern.names.forEach((name, index) => {
      values[name] = match[index + 1] ?? ''
    })
    return { message: pattern.message, values }
  }
  return null
}

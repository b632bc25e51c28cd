/** A message marked for extraction with an explicit id; its English has plain `{name}`s. */
export interface SharedMessage {
  readonly id: string
  readonly message: string
}

export type MessageValues = Readonly<Record<string, string | number>>

const PLACEHOLDER = /\{(\w+)\}/g

/** A message's English text with its values in place. */
export function formatMessage(message: SharedMessage, values: MessageValues = {}): string {
  return message.message.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

interface RecognizedMessage {
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

function patternsOf(messages: readonly SharedMessage[]): Pattern[] {
  return messages
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
}

type Recognize = (text: string) => RecognizedMessage | null

/**
 * Tells which of these messages an English text is, with its values; null for any other text (a
 * real service's own words), which a face shows as it came. The most specific first: "the secret
 * must be at most 9 characters" is the secret's own rule, not "{field} must be at most {max}
 * characters" with "the secret" as its field. Its patterns are built on first use.
 */
export function createRecognizer(messages: readonly SharedMessage[]): Recognize {
  let patterns: Pattern[] | undefined
  return (text) => {
    patterns ??= patternsOf(messages)
    for (const pattern of patterns) {
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
}

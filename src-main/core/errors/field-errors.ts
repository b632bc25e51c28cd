import type { FieldErrors } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'

/**
 * However many fields and messages an input or a service answer carries, what crosses IPC stays
 * small: a hostile payload must not turn one bad call into a megabyte-sized answer.
 */
export const FIELD_ERROR_LIMITS = {
  fields: 40,
  messagesPerField: 4,
  nameChars: 120,
  messageChars: 300,
} as const

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`
}

// Only a service's own words grow this long: they are kept as words, cut short.
function clipSaid(message: Said, limit: number): Said {
  return message.text.length <= limit
    ? message
    : said('asWritten', { text: clip(message.text, limit) })
}

/**
 * Field errors keyed by whatever names arrive (`__proto__` and `constructor` included): they are
 * gathered in a Map, which no key can reach into, each message listed once per field, and the
 * count of fields left out is told instead of listed.
 */
export function createFieldErrors() {
  const fields = new Map<string, Said[]>()
  let omitted = 0
  return {
    add(field: string, message: Said): void {
      const name = clip(field, FIELD_ERROR_LIMITS.nameChars)
      const shown = clipSaid(message, FIELD_ERROR_LIMITS.messageChars)
      let messages = fields.get(name)
      if (!messages) {
        if (fields.size >= FIELD_ERROR_LIMITS.fields) {
          omitted += 1
          return
        }
        messages = []
        fields.set(name, messages)
      }
      if (
        messages.length < FIELD_ERROR_LIMITS.messagesPerField &&
        !messages.some((listed) => listed.text === shown.text)
      )
        messages.push(shown)
    },
    get size(): number {
      return fields.size + omitted
    },
    /** A null-prototype object with each field as an own property, or undefined when empty. */
    toObject(): FieldErrors | undefined {
      if (fields.size === 0) return undefined
      const result = Object.create(null) as FieldErrors
      for (const [name, messages] of fields)
        Object.defineProperty(result, name, {
          value: messages,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      if (omitted > 0)
        Object.defineProperty(result, '(more)', {
          value: [said('moreFieldErrors', { count: omitted })],
          enumerable: true,
          writable: true,
          configurable: true,
        })
      return result
    },
  }
}

import type { FieldErrors } from '../../src-shared/ipc'
import { sharedText } from '../../src-shared/messages'

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

/**
 * Field errors keyed by whatever names arrive (`__proto__` and `constructor` included): they are
 * gathered in a Map, which no key can reach into, each message listed once per field, and the
 * count of fields left out is told instead of listed.
 */
export function createFieldErrors() {
  const fields = new Map<string, string[]>()
  let omitted = 0
  return {
    add(field: string, message: string): void {
      const name = clip(field, FIELD_ERROR_LIMITS.nameChars)
      const text = clip(message, FIELD_ERROR_LIMITS.messageChars)
      let messages = fields.get(name)
      if (!messages) {
        if (fields.size >= FIELD_ERROR_LIMITS.fields) {
          omitted += 1
          return
        }
        messages = []
        fields.set(name, messages)
      }
      if (messages.length < FIELD_ERROR_LIMITS.messagesPerField && !messages.includes(text))
        messages.push(text)
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
          value: [sharedText('moreFieldErrors', { count: omitted })],
          enumerable: true,
          writable: true,
          configurable: true,
        })
      return result
    },
  }
}

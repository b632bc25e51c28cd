import { formatMessage, type SharedMessage } from './message-text'

/** What a message holds: data said as it is (a name, a path, a count), or a message it quotes. */
export type SaidValue = string | number | Said

/**
 * A message as it crosses IPC and the core's API: which message it is (`id`, from the shared
 * tables), its values, and its English text for logs and for programs that read JSON. Each face
 * words it from its id in its own language; nothing parses the text back.
 */
export interface Said {
  readonly id: string
  readonly values: Readonly<Record<string, SaidValue>>
  readonly text: string
}

function englishValues(
  values: Readonly<Record<string, SaidValue>>,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'object' ? value.text : value,
    ]),
  )
}

/** A message of a table with its values, and its English text. */
export function saidOf(
  message: SharedMessage,
  values: Readonly<Record<string, SaidValue>> = {},
): Said {
  return { id: message.id, values, text: formatMessage(message, englishValues(values)) }
}

/** Whether a message is, or quotes somewhere inside it, the same message with the same values. */
export function quotes(message: Said, inner: Said): boolean {
  const same =
    message.id === inner.id && JSON.stringify(message.values) === JSON.stringify(inner.values)
  return (
    same ||
    Object.values(message.values).some((value) => typeof value === 'object' && quotes(value, inner))
  )
}

/** How a face says one message by its id in its language, its values already worded. */
export type SayById = (id: string, values: Record<string, string | number>) => string | null

/** How a face shows a value that is data: a field by its label, a count its language's way. */
type ShowValue = (name: string, value: string | number) => string | number

const MAX_NESTING = 8

/**
 * A message in a face's words: each quoted message worded first, each data value shown as the
 * face shows it. A message the face has no words for (a catalog older than the core) is said in
 * English, as it came.
 */
export function wordSaid(
  said: Said,
  sayById: SayById,
  show: ShowValue = (_, value) => value,
  depth = 0,
): string {
  if (depth > MAX_NESTING) return said.text
  const values = Object.fromEntries(
    Object.entries(said.values).map(([name, value]) => [
      name,
      typeof value === 'object' ? wordSaid(value, sayById, show, depth + 1) : show(name, value),
    ]),
  )
  return sayById(said.id, values) ?? said.text
}

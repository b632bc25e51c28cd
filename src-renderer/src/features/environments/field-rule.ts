import type { AppErrorShape } from '@shared/ipc'
import type { Said } from '@shared/messages/said'

/**
 * The rule main refused one field of a call by, naming the field as the page labels it (the
 * rule names it by its API name, `path`); null when the refusal is not about that field.
 */
export function fieldRuleOf(error: AppErrorShape, field: string, label: string): Said | null {
  const [rule] = error.fieldErrors?.[field] ?? []
  if (rule === undefined) return null
  return 'field' in rule.values ? { ...rule, values: { ...rule.values, field: label } } : rule
}

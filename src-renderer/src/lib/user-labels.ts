import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Flag, Gender, UserStatus } from '@shared/service'

// The shared English tables (USER_STATUS_LABELS...) also serve main and the command line, so the
// page keeps its own, with the same English words, to show them in the page's language.
export const USER_STATUS_MESSAGES: Record<UserStatus, MessageDescriptor> = {
  0: msg`Free`,
  2: msg`Premium`,
  3: msg`No Access`,
}

export const GENDER_MESSAGES: Record<Gender, MessageDescriptor> = {
  0: msg`Male`,
  1: msg`Female`,
}

export const FLAG_MESSAGES: Record<Flag, MessageDescriptor> = {
  0: msg`Disabled`,
  1: msg`Enabled`,
}

export type CodedLabels = Record<number, MessageDescriptor>

/** A label for any value the server may send, including ones the spec does not list. */
export function labelFor(i18n: I18n, labels: CodedLabels, value: number | null): string {
  if (value === null) return i18n._(msg`Not set`)
  const known = labels[value]
  return known ? i18n._(known) : i18n._(msg`Unknown (${value})`)
}

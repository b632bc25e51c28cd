import * as z from 'zod'
import { updateUserRequestSchema, type UpdateUserRequest } from './requests'
import {
  formToUpdateBody,
  recordToFormValues,
  storedValue,
  UPDATABLE_FIELDS,
  type UpdatableField,
} from './user-form'
import { userRecordSchema, type UserRecord } from './user-record'

const updatableFieldSchema = z.enum(UPDATABLE_FIELDS as [UpdatableField, ...UpdatableField[]])

/**
 * A write refused because the user changed on the service after the change was made: the three
 * states side by side, so any face can show what someone else changed next to what the user meant.
 */
export const updateConflictSchema = z.object({
  /** The record the change was made over (what the form or the caller read). */
  base: userRecordSchema,
  /** What the service holds now. */
  current: userRecordSchema,
  /** What the refused write would have sent. */
  yours: updateUserRequestSchema,
  /** The updatable fields that differ between `base` and `current`: someone else's changes. */
  changedElsewhere: z.array(updatableFieldSchema),
})
export type UpdateConflict = z.output<typeof updateConflictSchema>

/** The updatable fields whose value the service holds now is not the one in `base`. */
export function changedSince(base: UserRecord, current: UserRecord): UpdatableField[] {
  return UPDATABLE_FIELDS.filter(
    (field) => storedValue(base, field) !== storedValue(current, field),
  )
}

/** What a whole-state write says of a field: an omitted field is one the user left empty. */
export function intendedValue(yours: UpdateUserRequest, field: UpdatableField): unknown {
  return yours[field] ?? null
}

/** A field's choice in a conflict: the value the service holds now, or the user's own. */
export type ConflictChoice = 'theirs' | 'mine'
export type ConflictChoices = Partial<Record<UpdatableField, ConflictChoice>>

/**
 * Whether the user changed the field. A field they left alone may still differ from the raw
 * record as the edit form writes it back (a missing flag sent as 0, spaces trimmed, a DNI
 * compacted): that is not a change of theirs, and must not outvote someone else's.
 */
export function changedByYou(conflict: UpdateConflict, field: UpdatableField): boolean {
  const yours = intendedValue(conflict.yours, field)
  const asOpened = formToUpdateBody(recordToFormValues(conflict.base), conflict.base)
  return (
    yours !== storedValue(conflict.base, field) &&
    yours !== intendedValue(asOpened as UpdateUserRequest, field)
  )
}

/**
 * Where the user left a field as it was, the service's newer value is kept; where they changed
 * it too, their own value is, until they choose otherwise.
 */
export function defaultChoice(conflict: UpdateConflict, field: UpdatableField): ConflictChoice {
  return changedByYou(conflict, field) ? 'mine' : 'theirs'
}

/**
 * The record the edit form shows once a conflict is settled: what the service holds now, with the
 * user's values for every field not taken from the service. Saving it is reviewed over `current`.
 */
export function settledRecord(conflict: UpdateConflict, choices: ConflictChoices): UserRecord {
  const value = (field: UpdatableField) => {
    const choice = choices[field] ?? defaultChoice(conflict, field)
    return conflict.changedElsewhere.includes(field) && choice === 'theirs'
      ? storedValue(conflict.current, field)
      : intendedValue(conflict.yours, field)
  }
  const record = { ...conflict.current, features: { ...conflict.current.features } }
  for (const field of UPDATABLE_FIELDS) {
    const chosen = value(field)
    if (field === 'has_video_call') record.features.video_call = chosen as number | null
    else if (field === 'has_video_call_1to1')
      record.features.video_call_1to1 = chosen as number | null
    else Object.assign(record, { [field]: chosen })
  }
  return record
}

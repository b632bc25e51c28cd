import { describe, expect, it } from 'vitest'
import { changedSince, defaultChoice, settledRecord, type UpdateConflict } from './user-conflict'
import { formToUpdateBody, recordToFormValues } from './user-form'
import { userRecordSchema } from './user-record'
import type { UpdateUserRequest } from './requests'

const base = userRecordSchema.parse({ token: 'u-1', status: 2, firstname: 'Ana', lastname: 'Ruiz' })

describe('a conflict settled field by field', () => {
  it("keeps someone else's change to a field the form only wrote back, and the user's own", () => {
    // A colleague enabled video calls and changed the last name; the user changed the first
    // name. The form writes the unset flag back as 0: that is not a change of the user's.
    const current = userRecordSchema.parse({
      token: 'u-1',
      status: 2,
      firstname: 'Ana',
      lastname: 'Gil',
      features: { video_call: 1 },
    })
    const yours = formToUpdateBody(
      { ...recordToFormValues(base), firstname: 'Eva' },
      base,
    ) as UpdateUserRequest
    const conflict: UpdateConflict = {
      base,
      current,
      yours,
      changedElsewhere: changedSince(base, current),
    }
    expect(conflict.changedElsewhere).toEqual(['lastname', 'has_video_call'])
    expect(defaultChoice(conflict, 'has_video_call')).toBe('theirs')
    expect(defaultChoice(conflict, 'lastname')).toBe('theirs')
    expect(defaultChoice(conflict, 'firstname')).toBe('mine')
    expect(settledRecord(conflict, {})).toMatchObject({
      firstname: 'Eva',
      lastname: 'Gil',
      features: { video_call: 1 },
    })
    expect(settledRecord(conflict, { lastname: 'mine' })).toMatchObject({ lastname: 'Ruiz' })
  })
})

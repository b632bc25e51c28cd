import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  storedValue,
  UPDATABLE_FIELDS,
  type UpdatableField,
  type UpdateUserRequest,
  type UserRecord,
} from '@shared/service'
import {
  FLAG_MESSAGES,
  GENDER_MESSAGES,
  labelFor,
  USER_STATUS_MESSAGES,
  type CodedLabels,
} from '../../../lib/user-labels'
import { FIELD_MESSAGES } from '../../../i18n/field-labels'

const LABELS: Record<string, CodedLabels> = {
  status: USER_STATUS_MESSAGES,
  gender: GENDER_MESSAGES,
  has_video_call: FLAG_MESSAGES,
  has_video_call_1to1: FLAG_MESSAGES,
}

/** A value as the summary shows it; `data` is the user's own text, never translated. */
export interface Shown {
  text: string
  data: boolean
}

export function show(i18n: I18n, field: string, value: unknown): Shown {
  if (value === null || value === undefined) return { text: i18n._(msg`(empty)`), data: false }
  const labels = LABELS[field]
  if (labels && typeof value === 'number') {
    return { text: `${labelFor(i18n, labels, value)} (${value})`, data: false }
  }
  return { text: typeof value === 'string' ? value : JSON.stringify(value), data: true }
}

function changesOf(
  i18n: I18n,
  record: UserRecord,
  body: UpdateUserRequest,
): { field: UpdatableField; from: Shown; to: Shown }[] {
  return UPDATABLE_FIELDS.filter(
    (field) => body[field] !== undefined && storedValue(record, field) !== body[field],
  ).map((field) => ({
    field,
    from: show(i18n, field, storedValue(record, field)),
    to: show(i18n, field, body[field]),
  }))
}

export function ShownCell({ shown }: { shown: Shown }) {
  return <td translate={shown.data ? 'no' : undefined}>{shown.text}</td>
}

/** What Save will change, before it is sent. */
export function ChangeSummary({ record, body }: { record: UserRecord; body: UpdateUserRequest }) {
  const { t, i18n } = useLingui()
  const changes = changesOf(i18n, record, body)
  if (changes.length === 0) {
    return (
      <p>
        <Trans>Nothing changed. Saving sends the current state of every field again.</Trans>
      </p>
    )
  }
  return (
    <table className="table" aria-label={t`Changes to save`}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Field</Trans>
          </th>
          <th scope="col">
            <Trans>Now</Trans>
          </th>
          <th scope="col">
            <Trans>After saving</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{i18n._(FIELD_MESSAGES[change.field])}</th>
            <ShownCell shown={change.from} />
            <ShownCell shown={change.to} />
          </tr>
        ))}
      </tbody>
    </table>
  )
}

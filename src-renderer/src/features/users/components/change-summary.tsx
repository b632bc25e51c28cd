import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { pickLanguage } from '@shared/messages/languages'
import {
  calendarDateText,
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
  if (field === 'birthdate' && typeof value === 'string')
    return { text: calendarDateText(value, pickLanguage([i18n.locale])), data: true }
  return { text: typeof value === 'string' ? value : JSON.stringify(value), data: true }
}

interface Change {
  field: UpdatableField
  from: Shown
  to: Shown
  /** The service holds another value than when the form opened. */
  elsewhere: boolean
}

function changesOf(
  i18n: I18n,
  now: UserRecord,
  opened: UserRecord,
  body: UpdateUserRequest,
): Change[] {
  return UPDATABLE_FIELDS.filter(
    (field) => body[field] !== undefined && storedValue(now, field) !== body[field],
  ).map((field) => ({
    field,
    from: show(i18n, field, storedValue(now, field)),
    to: show(i18n, field, body[field]),
    elsewhere: storedValue(now, field) !== storedValue(opened, field),
  }))
}

export function ShownCell({ shown }: { shown: Shown }) {
  return <td translate={shown.data ? 'no' : undefined}>{shown.text}</td>
}

/**
 * What Save will change, before it is sent: over `now`, what the service held when read again for
 * this review (or, when that read failed, `opened`, said so). A field someone else changed since
 * the form opened is marked: Save will not overwrite it unseen (main reviews it again).
 */
export function ChangeSummary({
  now,
  opened,
  body,
}: {
  now: UserRecord | null
  opened: UserRecord
  body: UpdateUserRequest
}) {
  const { t, i18n } = useLingui()
  const changes = changesOf(i18n, now ?? opened, opened, body)
  if (changes.length === 0) {
    return (
      <p>
        <Trans>Nothing changed. Saving sends the current state of every field again.</Trans>
      </p>
    )
  }
  const elsewhere = changes.some((change) => change.elsewhere)
  return (
    <>
      {elsewhere ? (
        <p className="alert alert-warning" role="status">
          <Trans>
            Someone else changed this user since you opened it. Saving sends nothing over their
            change: it shows both values for you to choose.
          </Trans>
        </p>
      ) : null}
      <table className="table" aria-label={t`Changes to save`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Field</Trans>
            </th>
            <th scope="col">
              {now ? <Trans>On the service now</Trans> : <Trans>When you opened it</Trans>}
            </th>
            <th scope="col">
              <Trans>After saving</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">
                {i18n._(FIELD_MESSAGES[change.field])}
                {change.elsewhere ? (
                  <span className="badge badge-warning">
                    <Trans>changed by someone else</Trans>
                  </span>
                ) : null}
              </th>
              <ShownCell shown={change.from} />
              <ShownCell shown={change.to} />
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

import {
  FLAG_LABELS,
  GENDER_LABELS,
  labelOf,
  storedValue,
  UPDATABLE_FIELDS,
  USER_STATUS_LABELS,
  type UpdateUserRequest,
  type UserRecord,
} from '@shared/service'

const LABELS: Record<string, Record<number, string>> = {
  status: USER_STATUS_LABELS,
  gender: GENDER_LABELS,
  has_video_call: FLAG_LABELS,
  has_video_call_1to1: FLAG_LABELS,
}

function show(field: string, value: unknown): string {
  if (value === null || value === undefined) return '(empty)'
  const labels = LABELS[field]
  if (labels && typeof value === 'number') return `${labelOf(labels, value)} (${value})`
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function changesOf(
  record: UserRecord,
  body: UpdateUserRequest,
): { field: string; from: string; to: string }[] {
  return UPDATABLE_FIELDS.filter(
    (field) => body[field] !== undefined && storedValue(record, field) !== body[field],
  ).map((field) => ({
    field,
    from: show(field, storedValue(record, field)),
    to: show(field, body[field]),
  }))
}

/** What Save will change, before it is sent. */
export function ChangeSummary({ record, body }: { record: UserRecord; body: UpdateUserRequest }) {
  const changes = changesOf(record, body)
  if (changes.length === 0) {
    return <p>Nothing changed. Saving sends the current state of every field again.</p>
  }
  return (
    <table className="table" aria-label="Changes to save">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Now</th>
          <th scope="col">After saving</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">
              <code>{change.field}</code>
            </th>
            <td>{change.from}</td>
            <td>{change.to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

import {
  FLAG_LABELS,
  GENDER_LABELS,
  labelOf,
  USER_STATUS_LABELS,
  type UserRecord,
} from '@shared/service'
import { DefinitionList } from '../../../components/ui/definition-list'

function text(value: string | null) {
  return value ?? <span className="muted">Not set</span>
}

function coded(labels: Record<number, string>, value: number | null) {
  return value === null ? (
    <span className="muted">Not set</span>
  ) : (
    <>
      {labelOf(labels, value)} <span className="code-hint">({value})</span>
    </>
  )
}

/** Every field Retrieve returned, with labels for coded values, and the raw JSON on demand. */
export function UserDetails({ record }: { record: UserRecord }) {
  return (
    <>
      <DefinitionList
        items={[
          { term: 'Token', value: <code>{record.token}</code> },
          { term: 'Status', value: coded(USER_STATUS_LABELS, record.status) },
          { term: 'Email', value: text(record.email) },
          { term: 'ID number (DNI/NIE)', value: text(record.nid_number) },
          { term: 'First name', value: text(record.firstname) },
          { term: 'Last name', value: text(record.lastname) },
          { term: 'Gender', value: coded(GENDER_LABELS, record.gender) },
          { term: 'Birthdate', value: text(record.birthdate) },
          {
            term: 'Mobile phone',
            value: text(record.mobile_phone),
            hint: 'as the service sends it',
          },
          { term: 'Description', value: text(record.description) },
          { term: 'Video call', value: coded(FLAG_LABELS, record.features.video_call) },
          { term: 'Video call 1 to 1', value: coded(FLAG_LABELS, record.features.video_call_1to1) },
          { term: 'Company group code', value: text(record.company_group_code) },
        ]}
      />
      <details className="raw-json">
        <summary>Raw JSON</summary>
        <pre>{JSON.stringify(record, null, 2)}</pre>
      </details>
    </>
  )
}

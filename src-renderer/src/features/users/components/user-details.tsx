import type { I18n } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { UserRecord } from '@shared/service'
import { DefinitionList } from '../../../components/ui/definition-list'
import { useFormat } from '../../../i18n/format'
import {
  FLAG_MESSAGES,
  GENDER_MESSAGES,
  labelFor,
  USER_STATUS_MESSAGES,
  type CodedLabels,
} from '../../../lib/user-labels'

function NotSet() {
  return (
    <span className="muted">
      <Trans>Not set</Trans>
    </span>
  )
}

function text(value: string | null) {
  return value === null ? <NotSet /> : <span translate="no">{value}</span>
}

function coded(i18n: I18n, labels: CodedLabels, value: number | null) {
  return value === null ? (
    <NotSet />
  ) : (
    <>
      {labelFor(i18n, labels, value)}{' '}
      <span className="code-hint" translate="no">
        ({value})
      </span>
    </>
  )
}

/** Every field Retrieve returned, with labels for coded values, and the raw JSON on demand. */
export function UserDetails({ record }: { record: UserRecord }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  return (
    <>
      <DefinitionList
        items={[
          // "Token" is the API's word, kept in every language.
          { term: 'Token', literalTerm: true, value: <code translate="no">{record.token}</code> },
          { term: t`Status`, value: coded(i18n, USER_STATUS_MESSAGES, record.status) },
          { term: t`Email`, value: text(record.email) },
          { term: t`ID number (DNI/NIE)`, value: text(record.nid_number) },
          { term: t`First name`, value: text(record.firstname) },
          { term: t`Last name`, value: text(record.lastname) },
          { term: t`Gender`, value: coded(i18n, GENDER_MESSAGES, record.gender) },
          {
            term: t`Birthdate`,
            value: text(record.birthdate === null ? null : format.calendarDate(record.birthdate)),
          },
          {
            term: t`Mobile phone`,
            value: text(record.mobile_phone),
            hint: t`as the service sends it`,
          },
          { term: t`Description`, value: text(record.description) },
          {
            term: t`Video call`,
            value: coded(i18n, FLAG_MESSAGES, record.features.video_call),
          },
          {
            term: t`Video call 1 to 1`,
            value: coded(i18n, FLAG_MESSAGES, record.features.video_call_1to1),
          },
          { term: t`Company group code`, value: text(record.company_group_code) },
        ]}
      />
      <details className="raw-json">
        <summary>
          <Trans>Raw JSON</Trans>
        </summary>
        <pre translate="no">{JSON.stringify(record, null, 2)}</pre>
      </details>
    </>
  )
}

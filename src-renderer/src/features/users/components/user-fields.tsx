import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form'
import { GENDER_MESSAGES, USER_STATUS_MESSAGES, type CodedLabels } from '../../../lib/user-labels'
import { SentAs } from './sent-as'

/**
 * The user's fields, shared by Create and Edit. On Edit the fields Update does not accept are
 * shown read-only; on Create they are marked as set once.
 */
export function UserFields({ mode }: { mode: 'create' | 'edit' }) {
  const { t, i18n } = useLingui()
  const options = (labels: CodedLabels) =>
    Object.entries(labels).map(([value, label]) => ({
      value,
      label: `${i18n._(label)} (${value})`,
    }))
  const statusOptions = options(USER_STATUS_MESSAGES)
  const genderOptions = [{ value: '', label: t`Not set` }, ...options(GENDER_MESSAGES)]
  const createOnly =
    mode === 'create'
      ? t`Set on Create only: Update cannot change it.`
      : t`Update cannot change this field.`
  return (
    <>
      <fieldset className="fieldset">
        <legend>
          <Trans>Identity</Trans>
        </legend>
        <div className="grid">
          <TextField
            name="token"
            label={<span translate="no">Token</span>}
            required={mode === 'create'}
            readOnly={mode === 'edit'}
            description={
              mode === 'create'
                ? t`The integrator's identifier for this user.`
                : t`The token names the user.`
            }
          />
          <SelectField name="status" label={t`Status`} required options={statusOptions} />
          <TextField name="firstname" label={t`First name`} autoComplete="off" />
          <TextField name="lastname" label={t`Last name`} />
          <TextField name="email" label={t`Email`} type="email" />
          <TextField
            name="nid_number"
            label={t`ID number (DNI/NIE)`}
            placeholder="12345678Z"
            description={
              <>
                {t`Spaces, dots and dashes are removed: 12.345.678-Z is fine.`}
                <SentAs field="nid_number" />
              </>
            }
          />
          <SelectField name="gender" label={t`Gender`} options={genderOptions} />
          <TextField
            name="birthdate"
            label={t`Birthdate`}
            placeholder={t({
              message: 'YYYY-MM-DD',
              comment: 'How people of this language write a date; the form takes it day first too',
            })}
            description={
              <>
                {t`Written YYYY-MM-DD or day first, as 17/05/1990.`}
                <SentAs field="birthdate" />
              </>
            }
          />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>
          <Trans>Features</Trans>
        </legend>
        <div className="grid">
          <CheckboxField name="has_video_call" label={t`Video call enabled`} />
          <CheckboxField name="has_video_call_1to1" label={t`Video call 1 to 1 enabled`} />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>
          <Trans>Company</Trans>
        </legend>
        <div className="grid">
          <TextField name="company_group_code" label={t`Company group code`} />
          <TextField name="description" label={t`Description`} multiline />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{mode === 'create' ? t`Set once, on Create` : t`Not changeable by Update`}</legend>
        <div className="grid">
          <TextField
            name="mobile_phone"
            label={t`Mobile phone`}
            readOnly={mode === 'edit'}
            description={
              mode === 'create' ? (
                <>
                  {t`A Spanish number; spaces, dashes and a leading +34 are removed. Set on Create only: Update cannot change it.`}
                  <SentAs field="mobile_phone" />
                </>
              ) : (
                createOnly
              )
            }
          />
          <TextField
            name="coverage_name"
            label={t`Coverage name`}
            readOnly={mode === 'edit'}
            description={mode === 'edit' ? t`Retrieve does not return it.` : createOnly}
          />
          <TextField
            name="contract_number"
            label={t`Contract number`}
            readOnly={mode === 'edit'}
            description={mode === 'edit' ? t`Retrieve does not return it.` : createOnly}
          />
        </div>
      </fieldset>
    </>
  )
}

import { GENDER_LABELS, USER_STATUS_LABELS } from '@shared/service'
import { CheckboxField, SelectField, TextField } from '../../../components/ui/form'

const STATUS_OPTIONS = Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({
  value,
  label: `${label} (${value})`,
}))
const GENDER_OPTIONS = [
  { value: '', label: 'Not set' },
  ...Object.entries(GENDER_LABELS).map(([value, label]) => ({
    value,
    label: `${label} (${value})`,
  })),
]

/**
 * The user's fields, shared by Create and Edit. On Edit the fields Update does not accept are
 * shown read-only; on Create they are marked as set once.
 */
export function UserFields({ mode }: { mode: 'create' | 'edit' }) {
  const createOnly =
    mode === 'create'
      ? 'Set on Create only: Update cannot change it.'
      : 'Update cannot change this field.'
  return (
    <>
      <fieldset className="fieldset">
        <legend>Identity</legend>
        <div className="grid">
          <TextField
            name="token"
            label="Token"
            required={mode === 'create'}
            readOnly={mode === 'edit'}
            description={
              mode === 'create'
                ? "The integrator's identifier for this user."
                : 'The token names the user.'
            }
          />
          <SelectField name="status" label="Status" required options={STATUS_OPTIONS} />
          <TextField name="firstname" label="First name" autoComplete="off" />
          <TextField name="lastname" label="Last name" />
          <TextField name="email" label="Email" type="email" />
          <TextField
            name="nid_number"
            label="ID number (DNI/NIE)"
            placeholder="12345678Z"
            description="Spaces, dots and dashes are removed: 12.345.678-Z is fine."
          />
          <SelectField name="gender" label="Gender" options={GENDER_OPTIONS} />
          <TextField
            name="birthdate"
            label="Birthdate"
            placeholder="YYYY-MM-DD"
            description="Written YYYY-MM-DD."
          />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Features</legend>
        <div className="grid">
          <CheckboxField name="has_video_call" label="Video call enabled" />
          <CheckboxField name="has_video_call_1to1" label="Video call 1 to 1 enabled" />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Company</legend>
        <div className="grid">
          <TextField name="company_group_code" label="Company group code" />
          <TextField name="description" label="Description" multiline />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{mode === 'create' ? 'Set once, on Create' : 'Not changeable by Update'}</legend>
        <div className="grid">
          <TextField
            name="mobile_phone"
            label="Mobile phone"
            readOnly={mode === 'edit'}
            description={
              mode === 'create'
                ? `A Spanish number; spaces, dashes and a leading +34 are removed. ${createOnly}`
                : createOnly
            }
          />
          <TextField
            name="coverage_name"
            label="Coverage name"
            readOnly={mode === 'edit'}
            description={mode === 'edit' ? 'Retrieve does not return it.' : createOnly}
          />
          <TextField
            name="contract_number"
            label="Contract number"
            readOnly={mode === 'edit'}
            description={mode === 'edit' ? 'Retrieve does not return it.' : createOnly}
          />
        </div>
      </fieldset>
    </>
  )
}

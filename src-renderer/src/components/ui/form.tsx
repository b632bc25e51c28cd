import { Fragment, type ReactNode } from 'react'
import {
  FormProvider,
  get,
  useFormContext,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form'
import { saidOfFieldText, useSaySaid } from '../../i18n/translate-message'
import { FIELD_MESSAGE_SEPARATOR, receivedFieldSaid } from '../../lib/field-errors'

/** One wrapper for every form: the react-hook-form context, no browser validation popups. */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  children,
  label,
}: {
  form: UseFormReturn<TValues, unknown, TOutput>
  onSubmit: SubmitHandler<TOutput>
  children: ReactNode
  label: string
}) {
  return (
    <FormProvider {...form}>
      <form
        className="form"
        noValidate
        aria-label={label}
        onSubmit={(e) => void form.handleSubmit(onSubmit)(e)}
      >
        {children}
      </form>
    </FormProvider>
  )
}

interface FieldProps {
  name: string
  /** An API field name as the label goes in `<span translate="no">`. */
  label: ReactNode
  description?: ReactNode
  required?: boolean
}

/** The field's error in the page's language, whether the form's schema or main found it. */
function useFieldState(name: string) {
  const { register, formState } = useFormContext()
  const say = useSaySaid()
  // A field of a group (proxy.url) holds its error at that path, not under its whole name.
  const found: unknown = get(formState.errors, name)
  const message =
    typeof found === 'object' && found !== null && 'message' in found ? found.message : undefined
  const id = `field-${name}`
  const error =
    typeof message === 'string'
      ? message.split(FIELD_MESSAGE_SEPARATOR).map((part, index) => (
          <Fragment key={index}>
            {index > 0 ? '; ' : null}
            {say(saidOfFieldText(part, receivedFieldSaid))}
          </Fragment>
        ))
      : undefined
  return { register, error, id }
}

function FieldFrame({
  id,
  label,
  required,
  description,
  error,
  children,
}: FieldProps & { id: string; error: ReactNode; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      <FieldMessages id={id} description={description} error={error} />
    </div>
  )
}

/** The hint and the error under a field; the error is announced as soon as it appears. */
export function FieldMessages({
  id,
  description,
  error,
}: {
  id: string
  description: ReactNode
  error: ReactNode
}) {
  return (
    <>
      {description ? (
        <p id={`${id}-description`} className="field-description">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  )
}

function describedBy(id: string, description: unknown, error: unknown): string | undefined {
  const ids = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export function TextField(
  props: FieldProps & {
    valueAsNumber?: boolean
    type?: string
    placeholder?: string
    autoComplete?: string
    readOnly?: boolean
    multiline?: boolean
  },
) {
  const { register, error, id } = useFieldState(props.name)
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': props.required || undefined,
    'aria-describedby': describedBy(id, props.description, error),
    readOnly: props.readOnly,
    placeholder: props.placeholder,
    ...register(props.name, props.valueAsNumber ? { valueAsNumber: true } : {}),
  }
  return (
    <FieldFrame {...props} id={id} error={error}>
      {props.multiline ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete ?? 'off'}
          spellCheck={false}
        />
      )}
    </FieldFrame>
  )
}

export function SelectField(
  props: FieldProps & { options: { value: string; label: string }[]; disabled?: boolean },
) {
  const { register, error, id } = useFieldState(props.name)
  return (
    <FieldFrame {...props} id={id} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, props.description, error)}
        disabled={props.disabled}
        {...register(props.name)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

export function CheckboxField(props: FieldProps) {
  const { register, error, id } = useFieldState(props.name)
  return (
    <div className={`field field-checkbox${error ? ' field-invalid' : ''}`}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={describedBy(id, props.description, error)}
        {...register(props.name)}
      />
      <label htmlFor={id}>{props.label}</label>
      <FieldMessages id={id} description={props.description} error={error} />
    </div>
  )
}

import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import {
  changedByYou,
  defaultChoice,
  intendedValue,
  storedValue,
  UPDATABLE_FIELDS,
  type ConflictChoice,
  type ConflictChoices,
  type UpdatableField,
  type UpdateConflict,
} from '@shared/service'
import { Button } from '../../../components/ui/button'
import { show, ShownCell } from './change-summary'
import { FIELD_MESSAGES } from '../../../i18n/field-labels'
import '../users.css'

/** Fields someone else changed, then fields only the user changed (shown, nothing to choose). */
function fieldsToShow(conflict: UpdateConflict): UpdatableField[] {
  const mineOnly = UPDATABLE_FIELDS.filter(
    (field) => !conflict.changedElsewhere.includes(field) && changedByYou(conflict, field),
  )
  return [...conflict.changedElsewhere, ...mineOnly]
}

/**
 * A Save refused because the user changed on the service while the form was open: the three
 * states side by side. Nothing is sent from here; the choices go back to the form, to review.
 */
export function ConflictReview({
  conflict,
  onSettled,
}: {
  conflict: UpdateConflict
  onSettled: (choices: ConflictChoices) => void
}) {
  const { t, i18n } = useLingui()
  const [choices, setChoices] = useState<ConflictChoices>({})
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus()
  }, [conflict])
  const choiceOf = (field: UpdatableField) => choices[field] ?? defaultChoice(conflict, field)
  const choose = (field: UpdatableField, choice: ConflictChoice) =>
    setChoices((before) => ({ ...before, [field]: choice }))
  const takeAllTheirs = () =>
    setChoices(Object.fromEntries(conflict.changedElsewhere.map((f) => [f, 'theirs'])))

  return (
    <section className="card conflict" aria-labelledby="conflict-title">
      <header className="card-header">
        <h2 id="conflict-title" ref={heading} tabIndex={-1}>
          <Trans>Someone else changed this user</Trans>
        </h2>
      </header>
      <p role="alert">
        <Trans>
          The user changed on the service after you opened it. Nothing was sent. Choose, for each
          field changed by someone else, which value to keep; then review and save again.
        </Trans>
      </p>
      <div className="conflict-table">
        <table className="table" aria-label={t`Changed since you opened the user`}>
          <colgroup>
            <col className="conflict-field" />
            <col span={3} />
            <col className="conflict-keep" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Field</Trans>
              </th>
              <th scope="col">
                <Trans>When you opened it</Trans>
              </th>
              <th scope="col">
                <Trans>On the service now</Trans>
              </th>
              <th scope="col">
                <Trans>Yours</Trans>
              </th>
              <th scope="col">
                <Trans>Keep</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {fieldsToShow(conflict).map((field) => {
              const elsewhere = conflict.changedElsewhere.includes(field)
              const label = i18n._(FIELD_MESSAGES[field])
              return (
                <tr key={field} className={elsewhere ? 'changed-elsewhere' : undefined}>
                  <th scope="row">
                    {label}
                    {elsewhere ? (
                      <span className="badge badge-warning">
                        <Trans>changed by someone else</Trans>
                      </span>
                    ) : null}
                  </th>
                  <ShownCell shown={show(i18n, field, storedValue(conflict.base, field))} />
                  <ShownCell shown={show(i18n, field, storedValue(conflict.current, field))} />
                  <ShownCell shown={show(i18n, field, intendedValue(conflict.yours, field))} />
                  <td>
                    {elsewhere ? (
                      <fieldset className="choice">
                        <legend className="visually-hidden">{t`Keep for ${label}`}</legend>
                        <label>
                          <input
                            type="radio"
                            name={`keep-${field}`}
                            checked={choiceOf(field) === 'theirs'}
                            onChange={() => choose(field, 'theirs')}
                          />{' '}
                          <Trans>The service's</Trans>
                        </label>
                        <label>
                          <input
                            type="radio"
                            name={`keep-${field}`}
                            checked={choiceOf(field) === 'mine'}
                            onChange={() => choose(field, 'mine')}
                          />{' '}
                          <Trans>Mine</Trans>
                        </label>
                      </fieldset>
                    ) : (
                      <Trans>Yours</Trans>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <div className="form-actions">
        <Button onClick={takeAllTheirs}>
          <Trans>Take all the service's values</Trans>
        </Button>
        <Button variant="primary" onClick={() => onSettled(choices)}>
          <Trans>Review again</Trans>
        </Button>
      </div>
    </section>
  )
}

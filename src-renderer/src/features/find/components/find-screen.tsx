import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card, Loading, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useFoundUsers, useKnownUsersSettings } from '../api/known-users'
import { FoundUsersTable } from './found-users'
import { KnownUsersSettingsCard } from './known-users-settings'
import { SCREENS } from '../../../lib/screens'

/** Find a user without the token, among those this console has seen (a list kept locally). */
export function FindScreen() {
  const { t, i18n } = useLingui()
  const id = useId()
  const [text, setText] = useState('')
  const settings = useKnownUsersSettings()
  const found = useFoundUsers(text)
  const failure = settings.error ?? found.error

  return (
    <Page
      title={i18n._(SCREENS.find.heading)}
      description={t`By email, DNI/NIE or name, among the users this console has seen in the active environment.`}
    >
      {settings.data ? <KnownUsersSettingsCard settings={settings.data} /> : null}
      <Card>
        <div className="field" role="search">
          <label htmlFor={`${id}-text`}>
            <Trans>Email, DNI/NIE or name</Trans>
          </label>
          <input
            id={`${id}-text`}
            type="search"
            value={text}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
          />
          <p className="field-description">
            <Trans>
              Any part, in any case, with or without accents. Opening a user reads them from the
              service again.
            </Trans>
          </p>
        </div>
        {found.data ? (
          <FoundUsersTable found={found.data} text={text} />
        ) : found.isLoading ? (
          <Loading label={t`Searching the known users…`} />
        ) : null}
      </Card>
      {failure ? <ErrorAlert error={errorShape(failure)} /> : null}
    </Page>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from 'react-hook-form'
import { retrieveUserInputSchema } from '@shared/ipc'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Button } from '../../../components/ui/button'
import { Form, TextField } from '../../../components/ui/form'
import { Card, Loading, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { hrefFor, navigate } from '../../../lib/navigation'
import { useUser } from '../api/retrieve-user'
import { ReadStamp } from './read-stamp'
import { UserDetails } from './user-details'
import { SCREENS } from '../../../lib/screens'

const LOOKUP_TITLES: Partial<Record<string, MessageDescriptor>> = {
  NOT_FOUND: msg`No user with this token`,
  UNAUTHORIZED: msg`Credentials refused`,
}

export function LookupScreen({ token }: { token: string | null }) {
  const { t, i18n } = useLingui()
  const form = useForm({
    resolver: zodResolver(retrieveUserInputSchema),
    defaultValues: { token: token ?? '' },
  })
  const user = useUser(token)
  const error = user.error ? errorShape(user.error) : null
  const errorTitle = error ? LOOKUP_TITLES[error.code] : undefined

  return (
    <Page
      title={i18n._(SCREENS.lookup.heading)}
      description={t`Retrieve a pending company user by token.`}
    >
      <Card>
        <Form
          form={form}
          label={t`Look up`}
          // The same token again is a new read too: a look-up shows what the service holds now.
          onSubmit={({ token: next }) =>
            next === token ? void user.refetch() : navigate('lookup', next)
          }
        >
          <div className="inline-form">
            <TextField name="token" label={<span translate="no">Token</span>} required />
            <Button type="submit" variant="primary" busy={user.isFetching}>
              <Trans>Look up</Trans>
            </Button>
          </div>
        </Form>
      </Card>
      {user.isLoading ? <Loading label={t`Retrieving the user…`} /> : null}
      {error ? (
        <ErrorAlert error={error} title={errorTitle ? i18n._(errorTitle) : undefined} />
      ) : null}
      {user.data ? (
        <Card
          title={t`User`}
          actions={
            <>
              <a className="button button-secondary" href={hrefFor('edit', user.data.token)}>
                <Trans>Edit</Trans>
              </a>
              <a
                className="button button-secondary"
                href={hrefFor('authenticate', user.data.token)}
              >
                <Trans>Authenticate</Trans>
              </a>
            </>
          }
        >
          <ReadStamp query={user} refresh />
          <div className={user.isFetching ? 'reading-again' : undefined}>
            <UserDetails record={user.data} />
          </div>
        </Card>
      ) : null}
    </Page>
  )
}

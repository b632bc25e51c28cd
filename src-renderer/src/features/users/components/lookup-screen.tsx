import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { retrieveUserInputSchema } from '@shared/ipc'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Button } from '../../../components/ui/button'
import { Form, TextField } from '../../../components/ui/form'
import { Card, Loading, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { hrefFor, navigate } from '../../../lib/navigation'
import { useUser } from '../api/retrieve-user'
import { UserDetails } from './user-details'

const LOOKUP_TITLES = {
  NOT_FOUND: 'No user with this token',
  UNAUTHORIZED: 'Credentials refused',
} as const

export function LookupScreen({ token }: { token: string | null }) {
  const form = useForm({
    resolver: zodResolver(retrieveUserInputSchema),
    defaultValues: { token: token ?? '' },
  })
  const user = useUser(token)
  const error = user.error ? errorShape(user.error) : null

  return (
    <Page title="Look up a user" description="Retrieve a pending company user by token.">
      <Card>
        <Form form={form} label="Look up" onSubmit={({ token: next }) => navigate('lookup', next)}>
          <div className="inline-form">
            <TextField name="token" label="Token" required />
            <Button type="submit" variant="primary" busy={user.isFetching}>
              Look up
            </Button>
          </div>
        </Form>
      </Card>
      {user.isLoading ? <Loading label="Retrieving the user…" /> : null}
      {error ? (
        <ErrorAlert error={error} title={LOOKUP_TITLES[error.code as keyof typeof LOOKUP_TITLES]} />
      ) : null}
      {user.data ? (
        <Card
          title="User"
          actions={
            <>
              <a className="button button-secondary" href={hrefFor('edit', user.data.token)}>
                Edit
              </a>
              <a
                className="button button-secondary"
                href={hrefFor('authenticate', user.data.token)}
              >
                Authenticate
              </a>
            </>
          }
        >
          <UserDetails record={user.data} />
        </Card>
      ) : null}
    </Page>
  )
}

import { zodResolver } from '@hookform/resolvers/zod'
import { Trans } from '@lingui/react/macro'
import { useForm } from 'react-hook-form'
import { retrieveUserInputSchema } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { Form, TextField } from '../../../components/ui/form'
import { Card } from '../../../components/ui/page'
import { navigate, type Screen } from '../../../lib/navigation'
import { useLastReadToken } from '../api/retrieve-user'

/** A screen about one user, opened without one: asks for the token, the last one read filled in. */
export function TokenPrompt({ screen, label }: { screen: Screen; label: string }) {
  const form = useForm({
    resolver: zodResolver(retrieveUserInputSchema),
    defaultValues: { token: useLastReadToken() ?? '' },
  })
  return (
    <Card>
      <Form form={form} label={label} onSubmit={({ token }) => navigate(screen, token)}>
        <div className="inline-form">
          <TextField name="token" label={<span translate="no">Token</span>} required />
          <Button type="submit" variant="primary">
            {label}
          </Button>
        </div>
      </Form>
      <p className="hint">
        <Trans>The user is read from the service when it opens.</Trans>
      </p>
    </Card>
  )
}

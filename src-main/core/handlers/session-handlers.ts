import { randomUUID } from 'node:crypto'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { Handlers } from '../wiring/dispatcher'
import type { CoreContext } from '../wiring/core-context'
import { verifySessionJwt } from '../jwt/jwt-verification'
import { publicClient } from '../client/public-client'

export function sessionHandlers(
  context: CoreContext,
): Pick<Handlers, 'sessions:authenticate' | 'sessions:verify'> {
  return {
    // The keys are public: verifying sends no credential of the service, and needs none.
    'sessions:verify': async ({ jwt }) => {
      const { client, profile, close } = await publicClient(context)
      try {
        return await verifySessionJwt(client, profile.baseUrl, jwt)
      } finally {
        close()
      }
    },
    'sessions:authenticate': async ({ identifier, userToken, installationGuid }) => {
      const { client, profile, userTokenSecret, hashUserToken } = await context.activeClient()
      let sent = userToken
      if (identifier !== undefined) {
        if (profile.userTokenScheme === 'hmac-sha256-hex' && userTokenSecret === null) {
          throw new AppError(
            'SECRET_MISSING',
            said('userTokenSecretMissing', { environment: profile.name }),
          )
        }
        sent = await hashUserToken(identifier)
      }
      const query = { installationGuid: installationGuid ?? randomUUID(), userToken: sent ?? '' }
      const session = await client.authenticate(query)
      return {
        ...session,
        userTokenSent: query.userToken,
        installationGuidSent: query.installationGuid,
        userTokenScheme: profile.userTokenScheme,
        userTokenComputed: identifier !== undefined,
      }
    },
  }
}

import type { SecretValues } from '../redaction/redact'
import type { ServiceClient } from '../client/service-client'
import type { KnownUsers } from './known-users'

/**
 * An environment's client that tells the list of known users whom it read, created, updated or
 * imported. Every face's call passes here (the window, the browser shell, the command line and
 * bulk runs all use the environment's client), so each is recorded once, where it succeeds. A
 * core made without the list keeps the client as it is.
 */
export function recordingClient(
  client: ServiceClient,
  knownUsers: KnownUsers | undefined,
  environmentId: string,
  secrets: () => SecretValues,
): ServiceClient {
  if (!knownUsers) return client
  const record = knownUsers.recorderFor(environmentId, secrets)
  return {
    ...client,
    retrieve: async (token) => {
      const user = await client.retrieve(token)
      record(user, 'read')
      return user
    },
    create: async (request) => {
      const written = await client.create(request)
      record(written.record, 'created')
      return written
    },
    // Only a bulk run creates without reading the record back: the row's own fields were created.
    createWithoutRecord: async (request) => {
      const written = await client.createWithoutRecord(request)
      record(request, 'imported')
      return written
    },
    update: async (token, changes) => {
      const written = await client.update(token, changes)
      record(written.record, 'updated')
      return written
    },
  }
}

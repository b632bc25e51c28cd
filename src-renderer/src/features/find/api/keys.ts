/** The local list of known users: its setting, and each search of it. */
export const knownUsersKeys = {
  all: () => ['known-users'] as const,
  settings: () => [...knownUsersKeys.all(), 'settings'] as const,
  find: (text: string) => [...knownUsersKeys.all(), 'find', text] as const,
}

export const sessionKeys = {
  verification: (jwt: string) => ['sessions', 'verify', jwt] as const,
}

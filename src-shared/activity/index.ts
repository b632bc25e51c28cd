export * from './activity-entry'
export * from './curl-command'

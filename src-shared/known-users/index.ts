export * from './known-user'

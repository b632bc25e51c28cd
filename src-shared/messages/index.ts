export * from './languages'
export * from './message-text'
export * from './rule-messages'
export * from './shared-messages'

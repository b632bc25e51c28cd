/**
 * Query keys more than one feature touches: features never import each other, so a bulk run
 * that changed users marks them to be read again through this key, not through the users feature.
 */
export const USERS_KEY = ['users'] as const

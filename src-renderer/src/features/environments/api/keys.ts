export const environmentKeys = {
  /** The list, which also says which environment is active: the one answer a switch keeps. */
  list: () => ['environments'] as const,
}

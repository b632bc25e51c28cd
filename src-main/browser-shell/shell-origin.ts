/**
 * The origin the browser shell serves the page from. No request to it leaves the browser: every
 * one is answered by request interception from out/renderer, so no HTTP port is opened. https
 * makes the page a secure context (clipboard writing needs one); `.invalid` can never resolve.
 */
export const SHELL_ORIGIN = 'https://integrator-console.invalid'
export const SHELL_APP_URL = `${SHELL_ORIGIN}/index.html`

/** The page-side name of the shell's one binding; the page bridge removes it at once. */
export const SHELL_BINDING = '__integratorConsoleShell'

/** Where the page bridge takes the events the shell pushes; not an API, and not enumerable. */
export const SHELL_EVENTS = '__integratorConsoleEvents'

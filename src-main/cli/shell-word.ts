/**
 * A value as one word of a POSIX shell command, for the commands the command line prints to copy:
 * an environment name comes from a page or an imported file, and inside double quotes the shell
 * still runs $(…) and backticks. Single quotes run nothing; a plain word stays bare to read.
 */
export function shellWord(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value
  return `'${value.replace(/'/g, `'\\''`)}'`
}

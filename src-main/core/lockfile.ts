/**
 * proper-lockfile, loaded by the first lock. With graceful-fs, which it loads and which patches
 * `fs`, it costs every command's start several milliseconds, and most commands (`jwt issue`,
 * `users get`) never write a shared file.
 */
export async function lockfile() {
  return (await import('proper-lockfile')).default
}

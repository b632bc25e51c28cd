const PROXY_VARIABLES = /^(https?|all|no)_proxy$/i

/** Runs with exactly these proxy variables set, as a face started with them would read them. */
export async function withVariables<T>(
  variables: Record<string, string>,
  run: () => Promise<T>,
): Promise<T> {
  const saved = Object.entries(process.env).filter(([name]) => PROXY_VARIABLES.test(name))
  for (const [name] of saved) Reflect.deleteProperty(process.env, name)
  Object.assign(process.env, variables)
  try {
    return await run()
  } finally {
    for (const name of Object.keys(variables)) Reflect.deleteProperty(process.env, name)
    Object.assign(process.env, Object.fromEntries(saved))
  }
}

/** This process's environment without any proxy variable: a shell of the test's own making. */
export function withoutProxyVariables(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !PROXY_VARIABLES.test(name)),
  )
}

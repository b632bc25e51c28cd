import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { forgetOtherEnvironment } from '../../src-renderer/src/features/environments/api/forget-other-environment'

describe('switching environment', () => {
  it('answers a screen whose question was on its way at the switch, from the new environment', async () => {
    const client = new QueryClient()
    let environment = 'staging'
    const answers: ((value: string) => void)[] = []
    // A screen's query as the page holds it: an observer, asking the active environment.
    const screen = new QueryObserver(client, {
      queryKey: ['bulk', 'current'],
      queryFn: () => {
        const asked = environment
        return new Promise<string>((resolve) => answers.push(() => resolve(asked)))
      },
    })
    const seen: string[] = []
    screen.subscribe((result) => {
      if (result.isSuccess) seen.push(result.data)
    })
    await expect.poll(() => answers.length).toBe(1)

    environment = 'local'
    void forgetOtherEnvironment(client)
    await expect.poll(() => answers.length).toBe(2)
    for (const answer of answers) answer('')
    await expect.poll(() => seen).toEqual(['local'])
    expect(screen.getCurrentResult().isPending).toBe(false)
  })

  it('keeps the environment list, which says which one is active', async () => {
    const client = new QueryClient()
    client.setQueryData(['environments'], { activeId: 'local' })
    client.setQueryData(['users', 'ana'], { token: 'ana' })
    await forgetOtherEnvironment(client)
    expect(client.getQueryData(['environments'])).toEqual({ activeId: 'local' })
    expect(client.getQueryData(['users', 'ana'])).toBeUndefined()
  })
})

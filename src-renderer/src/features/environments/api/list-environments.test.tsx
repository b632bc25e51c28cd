import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EnvironmentList } from '@shared/ipc'
import { ok } from '../../../test/fake-bridge'
import { renderWithApp } from '../../../test/render-with-app'
import { BEHIND_PROXY, ENVIRONMENT } from '../test/environment-fixtures'
import { useEnvironments, useEnvironmentsFollowDisk } from './list-environments'

function Names() {
  useEnvironmentsFollowDisk()
  const { data } = useEnvironments()
  return <p>{data?.environments.map((environment) => environment.name).join(', ') ?? '…'}</p>
}

const listOf = (environments: EnvironmentList['environments']): EnvironmentList => ({
  environments,
  activeId: ENVIRONMENT.id,
  notices: [],
})

describe('the environments list follows changes made elsewhere', () => {
  it('reads again a change announced while an older read is still under way', async () => {
    const answers: ((list: EnvironmentList) => void)[] = []
    const { bridge } = await renderWithApp(<Names />, {
      answers: {
        'environments:list': () =>
          new Promise((resolve) => answers.push((list) => resolve(ok(list)))),
      },
    })
    await waitFor(() => expect(answers).toHaveLength(1))
    // Saved by another face after that read began: the read answers without it.
    bridge.emit('environments:changed', {})
    answers[0]?.(listOf([ENVIRONMENT]))
    await waitFor(() => expect(answers).toHaveLength(2))
    answers[1]?.(listOf([ENVIRONMENT, BEHIND_PROXY]))
    expect((await screen.findByText(`${ENVIRONMENT.name}, ${BEHIND_PROXY.name}`)).tagName).toBe('P')
  })
})

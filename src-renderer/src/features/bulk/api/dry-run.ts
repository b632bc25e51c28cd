import { useMutation } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'

export function useDryRun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:dryRun'>) => unwrap(api().bulk.dryRun(input)),
  })
}

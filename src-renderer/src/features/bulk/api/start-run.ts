import { useMutation } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'

export function useStartRun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:start'>) => unwrap(api().bulk.start(input)),
  })
}

/** Pause, resume or cancel the run under way. */
export function useControlRun() {
  return useMutation({
    mutationFn: (input: ChannelInput<'bulk:control'>) => unwrap(api().bulk.control(input)),
  })
}

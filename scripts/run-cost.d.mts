// The parts of run-cost.mjs its test calls.
interface Phase {
  label: string
  wallSeconds: number
  cpuSeconds: number | undefined
}
export function costSummary(phases: readonly Phase[], cores: number): string[]
export function createCostLog(): {
  phase(label: string): () => void
  readonly phases: readonly Phase[]
  summary(): string[]
}

// What `npm test` reads from Playwright's JSON report: why tests were skipped, and what a failed
// test saw, printed into the log itself.
import { readFileSync } from 'node:fs'

export function skipReasons(report) {
  const reasons = new Set()
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const note of test.annotations ?? []) {
          if (note.type === 'skip' && note.description)
            reasons.add(`${test.projectName}: ${note.description}`)
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites ?? []) visit(suite)
  return [...reasons]
}

// What a failed test saw, in the log itself: CI keeps the log but not the artifacts folder. The
// core calls the page made, and the page as its accessibility tree where Playwright took one (the
// error itself is in the log already).
function pageSnapshotIn(errorContext) {
  const trees = errorContext.match(/^```yaml\n[\s\S]*?\n```$/gm)
  // A tree shows what each field holds: a secret field's value stays out of the log.
  return trees
    ? trees
        .join('\n')
        .replace(/^(\s*- textbox "[^"]*(?:key|secret)[^"]*"[^:\n]*): .+$/gim, '$1: [hidden]')
    : null
}
function attachmentText(attachment) {
  if (attachment.body) return Buffer.from(attachment.body, 'base64').toString('utf8')
  try {
    return readFileSync(attachment.path, 'utf8')
  } catch (error) {
    return `(not readable: ${error.code ?? error})`
  }
}
export function printFailureDiagnostics(report) {
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue
        for (const result of test.results ?? []) {
          const printed = new Set()
          for (const attachment of result.attachments ?? []) {
            const key = attachment.path ?? attachment.name
            if (printed.has(key)) continue
            printed.add(key)
            const text =
              attachment.name === 'core-calls'
                ? attachmentText(attachment)
                : attachment.name === 'error-context'
                  ? pageSnapshotIn(attachmentText(attachment))
                  : null
            if (text === null) continue
            process.stdout.write(
              `\n── ${attachment.name} of [${test.projectName}] ${spec.file}: ${spec.title}\n${text}\n`,
            )
          }
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites ?? []) visit(suite)
}

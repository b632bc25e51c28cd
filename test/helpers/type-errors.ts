import ts from 'typescript'

/** Each error TypeScript finds in a suite's file, as `line:code`, checked as Node runs it. */
export function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.esnext.d.ts'],
    types: [],
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.start === undefined ? '' : (d.file?.getLineAndCharacterOfPosition(d.start).line ?? 0) + 1}:${d.code}`,
    )
}

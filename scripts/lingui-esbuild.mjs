// Lets esbuild import a Lingui .po catalog as its compiled messages, as the Lingui Vite plugin
// does for the page: the command line carries the shared messages' catalogs the same way. A
// message without a translation, or one that does not compile, fails the build.
import { relative } from 'node:path'
import { getConfig } from '@lingui/conf'
import {
  createCompiledCatalog,
  createCompilationErrorMessage,
  createMissingErrorMessage,
  getCatalogForFile,
  getCatalogs,
} from '@lingui/cli/api'

export function linguiCatalogs() {
  return {
    name: 'lingui-catalogs',
    setup(build) {
      const config = getConfig({ cwd: process.cwd() })
      const catalogs = getCatalogs(config)
      build.onLoad({ filter: /\.po$/ }, async ({ path }) => {
        const found = getCatalogForFile(relative(config.rootDir, path), await catalogs)
        if (!found) throw new Error(`${path} is not one of the catalogs in lingui.config.ts`)
        const { locale, catalog } = found
        const { messages, missing } = await catalog.getTranslations(locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
          missingBehavior: 'resolved',
        })
        if (missing.length > 0)
          throw new Error(createMissingErrorMessage(locale, missing, 'resolved'))
        const { source, errors } = createCompiledCatalog(locale, messages, { namespace: 'es' })
        if (errors.length > 0) throw new Error(createCompilationErrorMessage(locale, errors))
        return { contents: source, loader: 'js', watchFiles: [path] }
      })
    },
  }
}

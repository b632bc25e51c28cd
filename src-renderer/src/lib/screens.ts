/**
 * The console's screens, in the sidebar's order: each one's address (`#/<key>`), its link's label
 * and its page heading. The route type, the sidebar, each screen's `<h1>` and the end-to-end
 * specs' screen names and headings all come from here; the app shell maps each key to its
 * component (`app/screen-content.tsx`), and the type checker asks for one per key.
 *
 * Plain data with no React and no Lingui macro, so the Playwright specs import it too; the words
 * are message descriptors with ids of their own, extracted into the shell's catalog
 * (`src-renderer/src/locales/`).
 */
export const SCREENS = {
  lookup: {
    label: /*i18n*/ { id: 'screen.lookup.label', message: 'Look up' },
    heading: /*i18n*/ { id: 'screen.lookup.heading', message: 'Look up a user' },
  },
  find: {
    label: /*i18n*/ { id: 'screen.find.label', message: 'Find' },
    heading: /*i18n*/ { id: 'screen.find.heading', message: 'Find a user' },
  },
  create: {
    label: /*i18n*/ { id: 'screen.create.label', message: 'Create' },
    heading: /*i18n*/ { id: 'screen.create.heading', message: 'Create a user' },
  },
  edit: {
    label: /*i18n*/ { id: 'screen.edit.label', message: 'Edit' },
    heading: /*i18n*/ { id: 'screen.edit.heading', message: 'Edit a user' },
  },
  bulk: {
    label: /*i18n*/ { id: 'screen.bulk.label', message: 'Bulk' },
    heading: /*i18n*/ { id: 'screen.bulk.heading', message: 'Bulk' },
  },
  authenticate: {
    label: /*i18n*/ { id: 'screen.authenticate.label', message: 'Authenticate' },
    heading: /*i18n*/ { id: 'screen.authenticate.heading', message: 'Authenticate' },
  },
  environments: {
    label: /*i18n*/ { id: 'screen.environments.label', message: 'Environments' },
    heading: /*i18n*/ { id: 'screen.environments.heading', message: 'Environments' },
  },
  activity: {
    label: /*i18n*/ { id: 'screen.activity.label', message: 'Activity' },
    heading: /*i18n*/ { id: 'screen.activity.heading', message: 'Activity' },
  },
} as const

export type Screen = keyof typeof SCREENS

/** The screens in the sidebar's order (a string-keyed object keeps its keys' insertion order). */
export const SCREEN_ORDER = Object.keys(SCREENS) as Screen[]

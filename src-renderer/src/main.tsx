import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { pickLanguage } from '@shared/messages/languages'
import { App } from './app/app'
import { screenCodeReady } from './app/screen-content'
import { loadLanguage } from './i18n/catalogs'
import { getPreferencesQueryOptions } from './i18n/preferences'
import { currentRoute } from './lib/navigation'
import { queryClient } from './lib/query-client'
import './styles/base.css'
import './styles/layout.css'
import './styles/page-and-forms.css'
import './styles/controls.css'
import './styles/data.css'
import './styles/bulk.css'
import './styles/records.css'

// The first screen waits for three things, asked for together here rather than one after another
// as React reaches them: the preferences (the language the user chose), the system language's
// words (the language the page speaks unless they chose another; a module's second import costs
// nothing) and the code of the screen the window opens on.
queryClient.query(getPreferencesQueryOptions()).catch(() => undefined)
loadLanguage(pickLanguage(navigator.languages)).catch(() => undefined)
void screenCodeReady(currentRoute().screen)

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

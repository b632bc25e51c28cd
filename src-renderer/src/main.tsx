import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import './styles/base.css'
import './styles/layout.css'
import './styles/page-and-forms.css'
import './styles/controls.css'
import './styles/data.css'
import './styles/bulk.css'
import './styles/records.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

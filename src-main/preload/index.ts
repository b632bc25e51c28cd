import { contextBridge, ipcRenderer } from 'electron'
import { buildRendererApi } from '../../src-shared/ipc/renderer-api'

// One method per contract channel and nothing else: no ipcRenderer, no channel names, no process.
// The channel names come without their schemas: validation lives in main.
contextBridge.exposeInMainWorld(
  'integratorConsole',
  buildRendererApi((channel, input) => ipcRenderer.invoke(channel, input)),
)

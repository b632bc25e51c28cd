import { contextBridge, ipcRenderer } from 'electron'
import { buildRendererApi } from '../../src-shared/ipc/contract'

// One method per contract channel and nothing else: no ipcRenderer, no channel names, no process.
contextBridge.exposeInMainWorld(
  'integratorConsole',
  buildRendererApi((channel, input) => ipcRenderer.invoke(channel, input)),
)

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildRendererApi } from '../../src-shared/ipc/renderer-api'

// One method per contract channel and `on()` for the contract's events, nothing else: no
// ipcRenderer, no free channel names, no process. The names come without their schemas:
// validation lives in main.
contextBridge.exposeInMainWorld(
  'integratorConsole',
  buildRendererApi(
    (channel, input) => ipcRenderer.invoke(channel, input),
    (event, listener) => {
      const deliver = (_: IpcRendererEvent, payload: unknown) => listener(payload)
      ipcRenderer.on(event, deliver)
      return () => {
        ipcRenderer.removeListener(event, deliver)
      }
    },
  ),
)

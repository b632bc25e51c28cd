import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('integratorConsole', {})

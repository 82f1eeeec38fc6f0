import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildApi } from './api'
import { eventNames, type EventName } from '../shared/ipc/contract'
import type { Envelope } from '../shared/ipc/define'

// Sandboxed preload: bundled into one CommonJS file, its only runtime import is electron.
const knownEvents = new Set<string>(eventNames)

const api = buildApi(
  (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Envelope>,
  (event: EventName, listener) => {
    if (!knownEvents.has(event)) throw new Error(`Unknown event ${event}`)
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload as Parameters<typeof listener>[0])
    ipcRenderer.on(event, wrapped)
    return () => ipcRenderer.removeListener(event, wrapped)
  }
)

contextBridge.exposeInMainWorld('api', api)

// The part of nfc-pcsc 0.8.1 the reader host uses (the package ships no types).
declare module 'nfc-pcsc' {
  import type { EventEmitter } from 'node:events'

  export interface NfcCard {
    atr?: Buffer
    standard?: string
    type?: string
    uid?: string
  }

  export class Reader extends EventEmitter {
    readonly name: string
    autoProcessing: boolean
    card: NfcCard | null
    connection: { type: number; protocol: number } | null
    transmit(data: Buffer, responseMaxLength: number): Promise<Buffer>
    on(event: 'card' | 'card.off', listener: (card: NfcCard) => void): this
    on(event: 'error', listener: (err: Error) => void): this
    on(event: 'end', listener: () => void): this
  }

  export class NFC extends EventEmitter {
    constructor(logger?: unknown)
    readonly readers: Record<string, unknown>
    close(): void
    on(event: 'reader', listener: (reader: Reader) => void): this
    on(event: 'error', listener: (err: Error) => void): this
  }
}

import { Socket, connect } from 'node:net'

/**
 * A card for vsmartcard's vpcd driver: insert() connects
 * to the virtual reader's TCP port, remove() destroys the socket. Every message both ways is a
 * 2-byte big-endian length then data; vpcd speaks first; 1-byte messages are controls.
 */
export const VPCD_PORTS = [35963, 35964] as const
/** The reader names pcscd gives vpcd's two slots. */
export const VPCD_READERS = ['Virtual PCD 00 00', 'Virtual PCD 00 01'] as const

/** MIFARE Classic 1K as an ACR122U reports it (nfc-pcsc: TAG_ISO_14443_3). */
export const MIFARE_CLASSIC_ATR = '3B8F8001804F0CA000000306030001000000006A'
/** ISO 14443-4 (DESFire, phones): nfc-pcsc's auto-processing fails on it without an AID. */
export const ISO_14443_4_ATR = '3B8180018080'

const POWER_OFF = 0x00
const POWER_ON = 0x01
const RESET = 0x02
const GET_ATR = 0x04

export interface VirtualCardOptions {
  uid: string
  atr?: string
  /** vpcd slot 0 or 1 (reader "Virtual PCD 00 0<slot>"). */
  slot?: 0 | 1
}

export class VirtualCard {
  readonly uid: Buffer
  readonly atr: Buffer
  readonly port: number
  /** Every APDU the card received, as uppercase hex (controls excluded). */
  readonly apdus: string[] = []
  private socket: Socket | undefined
  private buffer = Buffer.alloc(0)

  constructor(options: VirtualCardOptions) {
    this.uid = Buffer.from(options.uid, 'hex')
    this.atr = Buffer.from(options.atr ?? MIFARE_CLASSIC_ATR, 'hex')
    this.port = VPCD_PORTS[options.slot ?? 0]
  }

  get inserted(): boolean {
    return this.socket !== undefined && !this.socket.destroyed
  }

  /** Put the card on the reader: resolves once vpcd accepted the connection. */
  insert(): Promise<void> {
    if (this.inserted) throw new Error('card already inserted')
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: this.port })
      socket.setNoDelay(true)
      this.socket = socket
      this.buffer = Buffer.alloc(0)
      socket.on('data', (chunk) => this.onData(socket, chunk))
      socket.once('connect', () => resolve())
      socket.once('error', reject)
      // After connect, errors are vpcd going away (pcscd killed): the card is simply gone.
      socket.on('error', () => {})
    })
  }

  remove(): void {
    this.socket?.destroy()
    this.socket = undefined
  }

  private onData(socket: Socket, chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk])
    while (this.buffer.length >= 2) {
      const length = this.buffer.readUInt16BE(0)
      if (this.buffer.length < 2 + length) return
      const message = this.buffer.subarray(2, 2 + length)
      this.buffer = this.buffer.subarray(2 + length)
      const reply = this.answer(message)
      if (reply && socket.writable) {
        const header = Buffer.alloc(2)
        header.writeUInt16BE(reply.length)
        socket.write(Buffer.concat([header, reply]))
      }
    }
  }

  private answer(message: Buffer): Buffer | undefined {
    if (message.length === 1) {
      const control = message[0]
      if (control === GET_ATR) return this.atr
      if (control === POWER_OFF || control === POWER_ON || control === RESET) return undefined
      return undefined
    }
    const hex = message.toString('hex').toUpperCase()
    this.apdus.push(hex)
    if (hex === 'FFCA000000') return Buffer.concat([this.uid, Buffer.from([0x90, 0x00])])
    return Buffer.from([0x6d, 0x00])
  }
}

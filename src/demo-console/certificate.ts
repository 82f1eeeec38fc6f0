import { X509Certificate } from 'node:crypto'
import { join } from 'node:path'
import selfsigned from 'selfsigned'
import { readFileIfExists, writeFileAtomic } from '../node/atomic-file'

export interface ServerCertificate {
  key: string
  cert: string
  fingerprint256: string
}

/**
 * Like a real console, the demo console presents a self-signed certificate: generated on first
 * start and kept in its data dir, so a client that pinned it keeps trusting it across restarts.
 */
export async function loadOrCreateCertificate(dataDir: string, host: string): Promise<ServerCertificate> {
  const keyPath = join(dataDir, 'tls-key.pem')
  const certPath = join(dataDir, 'tls-cert.pem')
  let key = await readFileIfExists(keyPath)
  let cert = await readFileIfExists(certPath)
  if (!key || !cert) {
    const notAfter = new Date()
    notAfter.setFullYear(notAfter.getFullYear() + 10)
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'Access Desk demo console' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: false },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 7, ip: host === 'localhost' ? '127.0.0.1' : host },
            { type: 2, value: 'localhost' }
          ]
        }
      ]
    })
    key = pems.private
    cert = pems.cert
    await writeFileAtomic(keyPath, key, { mode: 0o600 })
    await writeFileAtomic(certPath, cert)
  }
  return { key, cert, fingerprint256: new X509Certificate(cert).fingerprint256 }
}

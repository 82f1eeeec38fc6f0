import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface KeyAndCert {
  key: string
  cert: string
}

/**
 * Certificates made by the real `openssl` (P-256, quick): the shapes a console may present that
 * selfsigned cannot make (a chain under a private root, a subject with a repeated field, no SAN).
 */
export function makeCertificates(dir: string) {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  const read = (name: string) => readFileSync(join(dir, name), 'utf8')
  const ext = (name: string, text: string) => {
    writeFileSync(join(dir, name), text)
    return name
  }
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']

  /** Self-signed, named neither 127.0.0.1 nor localhost: only a pin can make it trusted. */
  const selfSigned = (name: string, subject: string): KeyAndCert => {
    run(['req', '-x509', ...ec, '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '30', '-subj', subject])
    return { key: read(`${name}.key`), cert: read(`${name}.crt`) }
  }
  const signed = (name: string, subject: string, issuer: string, extensions: string): KeyAndCert => {
    run(['req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject])
    run([
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.crt`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-days',
      '30',
      '-out',
      `${name}.crt`,
      '-extfile',
      ext(`${name}.ext`, extensions)
    ])
    return { key: read(`${name}.key`), cert: read(`${name}.crt`) }
  }

  const a = selfSigned('a', '/O=Demo Site/OU=Doors/OU=Cards/CN=console-a.invalid')
  const b = selfSigned('b', '/CN=console-b.invalid')
  run([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'root.key',
    '-out',
    'root.crt',
    '-days',
    '30',
    '-subj',
    '/CN=Site Root',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign'
  ])
  const root = { key: read('root.key'), cert: read('root.crt') }
  const intermediate = signed(
    'inter',
    '/CN=Site Intermediate',
    'root',
    'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n'
  )
  const leaf = signed('leaf', '/CN=console-c.invalid', 'inter', 'basicConstraints=CA:FALSE\n')
  return { a, b, root, intermediate, leaf }
}

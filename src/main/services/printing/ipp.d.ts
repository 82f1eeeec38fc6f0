// The `ipp` package ships no types: only what printing/ipp-client.ts uses of it.
declare module 'ipp' {
  const ipp: {
    serialize(message: Record<string, unknown>): Buffer
    parse(body: Buffer): Record<string, unknown>
  }
  export default ipp
}

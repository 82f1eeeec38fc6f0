import { z } from 'zod'
import { channel, noInput } from '../define'

export const appChannels = {
  'app.info': channel(
    'Version and transport of the running app',
    noInput,
    z.object({
      name: z.string(),
      version: z.string(),
      transport: z.enum(['electron', 'web', 'cli', 'test'])
    })
  )
}

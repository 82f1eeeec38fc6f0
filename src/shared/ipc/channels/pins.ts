import { z } from 'zod'
import { channel, noInput } from '../define'

export const pinChannels = {
  'pins.generate': channel(
    'Generate a PIN code on the console (E1); it is shown in plain text only now',
    noInput,
    z.object({ pin: z.string().regex(/^\d+$/) })
  )
}

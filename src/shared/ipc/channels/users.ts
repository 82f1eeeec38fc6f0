import { z } from 'zod'
import { channel, recordId, itemsOf } from '../define'
import { userSchema } from '../../access/users'

/** Users are looked up to receive credentials (Touch Passes here; cards and PINs elsewhere). */
export const userChannels = {
  'users.list': channel(
    'One page of users (§3.5)',
    z.object({
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(200).default(25)
    }),
    z.object({ items: z.array(userSchema), total: z.number().int() })
  ),
  'users.search': channel(
    'Users matching a keyword: name, email or employee number (§3.24)',
    z.object({ keyword: z.string().trim().min(1, 'Type part of a name or an email.').max(100) }),
    itemsOf(userSchema)
  ),
  'users.get': channel('One user with their credentials (§3.4)', z.object({ id: recordId }), userSchema)
}

export const userEvents = {} satisfies Record<string, z.ZodType>

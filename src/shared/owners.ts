import { z } from 'zod'

/** Who receives a credential: a user or a visitor (binding goes through the owner's endpoints). */
export const ownerRefSchema = z.object({
  type: z.enum(['user', 'visitor']),
  id: z.string().min(1).max(200),
  /** For messages only ("PIN assigned to Ada Ng"). */
  name: z.string().max(200).optional()
})
export type OwnerRef = z.infer<typeof ownerRefSchema>

import { prefixNoSchema, signRefSchema } from './accounts';
import { z } from './zod';

// ---- POST /api/users/sign-up-check
/**
 * Is this user name, or this e-mail address, still free? Asked as the person leaves the field,
 * with the free sticker of step 1, which is also what the sign-up itself needs before it tells
 * (docs/decisions/0045).
 */
export const signUpCheckBody = z.strictObject({
  signRef: signRefSchema,
  prefixNo: prefixNoSchema,
  userName: z.string().trim().min(1).max(254).optional(),
  email: z.string().trim().min(1).max(254).optional(),
});
export type SignUpCheckBody = z.input<typeof signUpCheckBody>;

/** The fields the check can find a problem with. */
export const signUpCheckField = z.enum(['userName', 'email']);
export type SignUpCheckField = z.infer<typeof signUpCheckField>;

/** Every problem found, each on its field; none when both are free. */
export const signUpCheckReply = z.object({
  problems: z.array(z.object({ field: signUpCheckField, message: z.string() })),
});
export type SignUpCheckReply = z.infer<typeof signUpCheckReply>;

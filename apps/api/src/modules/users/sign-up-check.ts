import { messages } from '@app/contract/messages';
import type { SignUpCheckReply, signUpCheckBody } from '@app/contract/sign-up-check';
import type { z } from 'zod';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../lib/http-error';
import { checkSticker } from '../stickers/service';
import { findUserByEmail, findUserByName } from './repository';

/**
 * POST /api/users/sign-up-check: which of the user name and e-mail address given are already in
 * use, all at once. Only with a free sticker and its prefix number, as the sign-up itself, so
 * the check tells nobody more than a sign-up attempt would (docs/decisions/0045). A sticker that
 * is unknown, has another prefix number or is registered already is refused (400) with the
 * sticker check's own words.
 */
export async function checkSignUp(
  q: Queryable,
  body: z.output<typeof signUpCheckBody>,
): Promise<SignUpCheckReply> {
  const sticker = await checkSticker(q, { signRef: body.signRef, prefixNo: body.prefixNo });
  if (!sticker.success) throw new HttpError(400, sticker.message);
  const problems: SignUpCheckReply['problems'] = [];
  if (body.userName && (await findUserByName(q, body.userName))) {
    problems.push({ field: 'userName', message: messages.server.userNameTaken });
  }
  if (body.email && (await findUserByEmail(q, body.email))) {
    problems.push({ field: 'email', message: messages.server.emailTaken });
  }
  return { problems };
}

import type { Actor } from '../../domain/actor.ts';
import type { Deps } from '../../deps.ts';
import { findFormByToken } from '../form-access/form-token.ts';
import { formView } from './form-view.ts';

/** The form of a token; `raw` adds the data unmasked (birth number, ID card) for editing. */
export async function getForm(deps: Pick<Deps, 'prisma'>, _actor: Actor, input: { token: string; raw: boolean }) {
  const form = await findFormByToken(deps, input.token);
  return formView(deps, form.id, { raw: input.raw });
}

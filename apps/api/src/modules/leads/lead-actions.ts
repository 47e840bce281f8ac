import { leadMessages, type FormState, type LeadActions, type LeadState } from '@lending/contracts';

export interface LeadActionFacts {
  state: LeadState;
  /** The lead's latest form, if it has one. */
  form: { state: FormState | null } | null;
  hasPerson: boolean;
  /** Where e-mails to the applicant go (the person's e-mail, for a resend also the form's). */
  recipient: string | null;
  resendRecipient: string | null;
}

const allow = { allowed: true, reason: null };
const refuse = (reason: string) => ({ allowed: false, reason });

/**
 * What staff may do with a lead in its state, and why not (docs/decisions/0016). The lead
 * detail answers it so the back-office disables an action with its reason; the use cases refuse
 * with the same sentence (409), before they look at the request body: a business refusal is
 * not a form error.
 */
export function leadActions(facts: LeadActionFacts): LeadActions {
  const { state, form } = facts;
  const ended = state === 'CLOSED' || state === 'CONVERTED';
  const noRecipient = facts.hasPerson ? leadMessages.noEmail : leadMessages.noPerson;
  return {
    issue_offer: ended
      ? refuse(leadMessages.cannotOfferClosed)
      : state === 'OFFER_ACCEPTED'
        ? refuse(leadMessages.offerAccepted)
        : form?.state === 'CLOSED'
          ? refuse(leadMessages.offerFormClosed)
          : !facts.recipient
            ? refuse(noRecipient)
            : allow,
    resend_form: !form
      ? refuse(leadMessages.noForm)
      : form.state === 'CLOSED'
        ? refuse(leadMessages.formClosed)
        : !facts.resendRecipient
          ? refuse(leadMessages.noEmail)
          : allow,
    close: state === 'CLOSED' ? refuse(leadMessages.alreadyClosed) : state === 'CONVERTED' ? refuse(leadMessages.converted) : allow,
  };
}

/** The e-mail a resend goes to: the person's, else the one typed into the form. */
export function resendRecipientOf(personEmail: string | null | undefined, formData: unknown): string | null {
  const formEmail = (formData as Record<string, unknown> | null)?.email;
  return personEmail?.trim() || (typeof formEmail === 'string' ? formEmail.trim() : '') || null;
}

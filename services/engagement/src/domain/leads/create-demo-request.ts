import type { LeadDeps } from './lead-deps';
import { type Contact, checkContact, newLead } from './lead-rules';

export function createCreateDemoRequest(deps: LeadDeps) {
  const { leads, now } = deps;
  return async function createDemoRequest(request: Contact) {
    const v = checkContact(request, true);
    v.email('email', request.email);
    v.done();
    const lead = newLead(now(), null, 'demo_request', request);
    await leads.insert(lead);
    return lead;
  };
}

import {
  checkUrlForm,
  EVENT_TYPE_MESSAGE,
  MAX_SUBSCRIBED_EVENTS,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
} from '@travel/webhook-rules';
import { z } from 'zod';

// The fields a webhook endpoint is registered or changed with, carrying every rule the request itself decides
// (@travel/webhook-rules, which the webhook service applies too), so that one bad request lists every failing
// field at once (docs/decisions/webhooks.md "Validation"). Where a host name resolves is the service's to judge.

/** The URL rules in words, for the document (the schema cannot say them). */
const URL_RULES =
  'An absolute URL without credentials: `https` to a public host; outside\n' +
  'production also `http` to a host that is loopback only. A host written as\n' +
  'an address must be public unicast (or loopback, outside production); a host\n' +
  'name must resolve, when the endpoint is registered or changed, to such\n' +
  'addresses only. A broken rule is a `400 bad_request` entry on `url` with the\n' +
  'reason, listed with every other failing field; where a name resolves is\n' +
  'checked once the rest of the body passed.\n';

export const webhookUrl = (description: string) =>
  z
    .string()
    .min(1, { abort: true })
    .max(MAX_WEBHOOK_URL_LENGTH, {
      abort: true,
      error: `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
    })
    .superRefine((value, context) => {
      const form = checkUrlForm(value);
      if (!form.ok) context.addIssue({ code: 'custom', message: form.reason });
    })
    .meta({
      description: `${description}\n${URL_RULES}`,
      format: 'uri',
      'x-rule': 'an absolute http(s) URL without credentials, to a host we may deliver to',
    });

export const webhookEvents = (description: string) =>
  z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENT_TYPE_MESSAGE }))
    .max(MAX_SUBSCRIBED_EVENTS, { error: `must have at most ${MAX_SUBSCRIBED_EVENTS} items` })
    .meta({ description });

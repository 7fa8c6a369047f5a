// What a partner's webhook endpoint may be (docs/decisions/webhooks.md "Validation"): the gateway's contract and
// the webhook service judge a registration or a change by these same rules and messages.
export * from './event-types';
export * from './secret-rotation';
export * from './target-url';

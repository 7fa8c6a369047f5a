import { PartnerClient } from '@partner-travel/sdk';
import { type ApiResponse, expectDocumented, gatewayUrl } from './gateway';

/** The SDK against the stack, every answer it gets checked against the OpenAPI document as every e2e call is. */
export function documentedSdk(apiKey: string): PartnerClient {
  return new PartnerClient({
    apiKey,
    baseUrl: `${gatewayUrl()}/api/v1`,
    fetch: async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : input);
      const text = await res.clone().text();
      const answer: ApiResponse = {
        status: res.status,
        headers: res.headers,
        text,
        body: res.headers.get('content-type')?.includes('application/json') ? JSON.parse(text) : undefined,
      };
      await expectDocumented(init?.method ?? 'GET', `${url.pathname}${url.search}`, answer);
      return res;
    },
  });
}

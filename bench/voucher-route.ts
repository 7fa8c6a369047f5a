import { type AdminApi, signInAdmin } from '@travel/local-deploy';
import type { Target } from './load';
import { connections, count, print, printTable } from './report';
import type { Runner } from './runner';

/**
 * `--route voucher`: the voucher preview (`POST /api/admin/vouchers/apply`, the promotions service's
 * lookup, audience and limit checks and the discount) at a fixed rate, then at full speed. The console
 * route is driven because the public `POST /api/vouchers/apply` allows 30 previews a minute per client
 * address: from one machine a benchmark of it measures the limiter. A good answer is a 200.
 */

export interface VoucherBenchOptions {
  gateway: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  rate: number;
  admin: { email: string; password: string };
}

/** A 10 % voucher made for the run and deleted after it, whatever happens; `run` gets its code. */
export async function withBenchVoucher<T>(admin: AdminApi, run: (code: string) => Promise<T>): Promise<T> {
  const code = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const voucher = await admin.request<{ id: string }>('POST', '/api/admin/vouchers', {
    code,
    percentBps: 1000,
    maxDiscount: 500,
    maxRedemptions: 1000,
    validUntil: new Date(Date.now() + 86_400_000).toISOString(),
  });
  try {
    return await run(code);
  } finally {
    await admin.request('DELETE', `/api/admin/vouchers/${voucher.id}`);
  }
}

/** The preview's body for the benchmark's voucher (its code in lower case: codes match in any case). */
export const voucherPreviewBody = (code: string) =>
  JSON.stringify({ code: code.toLowerCase(), service: 'flight', amount: 12_000 });

export async function benchVoucherPreview(run: Runner, options: VoucherBenchOptions): Promise<void> {
  const admin = await signInAdmin(options.gateway, options.admin);
  await withBenchVoucher(admin, async (code) => {
    const target: Target = {
      name: 'POST /api/admin/vouchers/apply',
      url: `${options.gateway}/api/admin/vouchers/apply`,
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: voucherPreviewBody(code),
    };
    await run(target, options.warmupSeconds);
    const paced = await run(target, options.seconds, { rate: options.rate });
    const max = await run(target, options.seconds);
    printTable(`fixed rate ${count(options.rate)} req/s`, [paced]);
    printTable(`full speed (${connections(options.connections)}, no rate set)`, [max]);
    print();
  });
}

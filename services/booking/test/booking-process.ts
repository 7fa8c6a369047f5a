import { join } from 'node:path';
import { booking } from '@travel/contracts';
import { createServiceClient, spawnService } from '@travel/testkit';
import type { BookingClient } from './booking.fixture';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

export interface BookingProcess {
  client: BookingClient;
  /** `127.0.0.1:<port>`, for the other services' clients (storefront bookings). */
  address: string;
  exited: Promise<NodeJS.Signals | number | null>;
  kill(): Promise<void>;
}

/** The built booking service as its own OS process (so SIGKILL is a real crash), healthy on return. */
export async function spawnBooking(env: Record<string, string>): Promise<BookingProcess> {
  const process = await spawnService(MAIN, env);
  return {
    client: createServiceClient(booking.BookingServiceDefinition, process.address, { deadlineMs: 20_000 }),
    address: process.address,
    exited: process.exited,
    kill: process.kill,
  };
}

import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createBookingService } from './service';

runService('booking', () => readConfig(process.env), createBookingService);

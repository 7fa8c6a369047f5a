import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createBillingService } from './service';

runService('billing', () => readConfig(process.env), createBillingService);

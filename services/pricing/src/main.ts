import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createPricingService } from './service';

runService('pricing', () => readConfig(process.env), createPricingService);

import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createPromotionsService } from './service';

runService('promotions', () => readConfig(process.env), createPromotionsService);

import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createCorporateService } from './service';

runService('corporate', () => readConfig(process.env), createCorporateService);

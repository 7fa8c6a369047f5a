import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createSupplyService } from './service';

runService('supply', () => readConfig(process.env), createSupplyService);

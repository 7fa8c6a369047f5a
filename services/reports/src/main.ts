import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createReportsService } from './service';

runService('reports', () => readConfig(process.env), createReportsService);

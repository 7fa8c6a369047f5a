import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createSearchService } from './service';

runService('search', () => readConfig(process.env), createSearchService);

import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createContentService } from './service';

runService('content', () => readConfig(process.env), createContentService);

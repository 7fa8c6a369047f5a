import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createEngagementService } from './service';

runService('engagement', () => readConfig(process.env), createEngagementService);

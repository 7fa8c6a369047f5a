import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createIdentityService } from './service';

runService('identity', () => readConfig(process.env), createIdentityService);

import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createGateway } from './gateway';

runService('gateway', () => readConfig(process.env), createGateway);

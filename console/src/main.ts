import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createConsoleServer } from './console-server';

runService('console', () => readConfig(process.env), createConsoleServer);

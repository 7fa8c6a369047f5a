import { runService } from '@travel/lifecycle';
import { readConfig } from './config';
import { createWebhookService } from './service';

runService('webhook', () => readConfig(process.env), createWebhookService);

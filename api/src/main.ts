import { Logger } from 'nestjs-pino';
import { loadConfig } from '@directory/core';
import { createApp } from './app.factory.js';
import { installGracefulShutdown } from './health/graceful-shutdown.js';

const config = loadConfig();
const app = await createApp();
const logger = app.get(Logger);
installGracefulShutdown(app, config.SHUTDOWN_GRACE_MS, logger);
await app.listen(config.PORT);
logger.log(`Directory api listening on http://localhost:${config.PORT}`, 'Main');

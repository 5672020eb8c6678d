import { loadConfig } from '@directory/core';
import { createApp } from './app.factory.js';

const config = loadConfig();
const app = await createApp();
await app.listen(config.PORT);
console.log(`Directory api listening on http://localhost:${config.PORT}`);

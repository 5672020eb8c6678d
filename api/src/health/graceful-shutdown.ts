import type { Server } from 'node:http';
import type { INestApplication, LoggerService } from '@nestjs/common';
import { shutdownState } from './shutdown-state.js';

/**
 * SIGTERM/SIGINT: stop accepting connections (readiness turns 503 at once), let the requests in flight
 * finish (new requests on kept-alive connections are served with `Connection: close`), then close the app
 * — socket.io, PostgreSQL pools, Redis and BullMQ connections — and exit. Nest's own shutdown hooks would
 * close the pools before the HTTP server, under requests still running; hence this order. After
 * SHUTDOWN_GRACE_MS the remaining requests are cut and the process exits all the same.
 */
export function installGracefulShutdown(app: INestApplication, graceMs: number, logger: LoggerService): void {
  const server = app.getHttpServer() as Server;
  let inFlight = 0;
  let onDrained: (() => void) | null = null;
  server.on('request', (_req, res) => {
    inFlight++;
    if (shutdownState.shuttingDown) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) onDrained?.();
    });
  });

  const shutdown = async (signal: NodeJS.Signals) => {
    if (shutdownState.shuttingDown) return;
    shutdownState.shuttingDown = true;
    logger.log(`${signal} received: accepting no more connections, finishing ${inFlight} request(s)`, 'Shutdown');
    const deadline = setTimeout(() => {
      logger.error(`Still not closed ${graceMs + 10_000} ms after ${signal}: exiting anyway.`, undefined, 'Shutdown');
      process.exit(1);
    }, graceMs + 10_000);
    deadline.unref();
    server.close();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      onDrained = resolve;
      setTimeout(() => {
        logger.warn(`${inFlight} request(s) still running after ${graceMs} ms: closing anyway.`, 'Shutdown');
        resolve();
      }, graceMs).unref();
    });
    server.closeAllConnections();
    try {
      await app.close();
      logger.log('Requests finished, connections closed: exiting.', 'Shutdown');
      process.exit(0);
    } catch (error) {
      logger.error(`Shutdown failed: ${(error as Error).message}`, (error as Error).stack, 'Shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

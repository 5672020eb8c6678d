/** Set once the api received SIGTERM: readiness answers 503 so the load balancer stops sending requests. */
export const shutdownState = { shuttingDown: false };

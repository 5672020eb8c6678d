import { assertNodeVersion, ConfigError, MINIMUM_NODE } from './config.js';

describe('the Node.js a process runs on', () => {
  it('stops a process on a Node.js older than the project needs, saying which it needs', () => {
    expect(() => assertNodeVersion('20.20.2')).toThrow(ConfigError);
    expect(() => assertNodeVersion('22.16.0')).toThrow(`needs Node.js ${MINIMUM_NODE} or newer and runs on 22.16.0`);
    expect(() => assertNodeVersion('22.17.0')).not.toThrow();
    expect(() => assertNodeVersion('24.1.0')).not.toThrow();
  });

  it('runs the tests themselves on the pinned Node.js', () => {
    expect(() => assertNodeVersion()).not.toThrow();
  });
});

import { runAdminPasswordCommand } from './admin-password.js';

// `npm run admin:password [-- --username NAME]`: sets a lost admin password from the server's command line.
process.exitCode = await runAdminPasswordCommand(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});

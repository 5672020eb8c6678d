// Preloaded into the api (`node --import ./bench/profile/cpu-hook.mjs api/dist/main.js`): SIGUSR2 starts a CPU
// profile, the next SIGUSR2 writes it to $CPU_PROFILE_OUT, so the profile covers the load window only (not start-up).
// With PROFILE_KIND=heap it samples allocations instead (collected objects included): a .heapprofile.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const heap = process.env.PROFILE_KIND === 'heap';
let running = false;
const done = (error, result) => {
  if (error) throw error;
  writeFileSync(process.env.CPU_PROFILE_OUT || 'api.cpuprofile', JSON.stringify(result.profile));
  process.stderr.write('cpu-hook: profile written\n');
};
process.on('SIGUSR2', () => {
  running = !running;
  if (heap && running) {
    const sampling = {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    };
    session.post('HeapProfiler.enable', () => session.post('HeapProfiler.startSampling', sampling));
  } else if (heap) {
    session.post('HeapProfiler.stopSampling', done);
  } else if (running) {
    session.post('Profiler.setSamplingInterval', { interval: Number(process.env.CPU_PROFILE_INTERVAL_US ?? 200) });
    session.post('Profiler.enable', () => session.post('Profiler.start'));
  } else {
    session.post('Profiler.stop', done);
  }
});

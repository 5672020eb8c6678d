import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig, SystemMetrics } from '@directory/core';
import { APP_CONFIG } from '../config/config.module.js';

interface CpuSample {
  at: number;
  idle: number;
  total: number;
}

/** A CPU sample shorter than this is too noisy: the call then measures over SAMPLE_MS itself. */
const MIN_WINDOW_MS = 500;
const SAMPLE_MS = 250;

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

function cpuSample(): CpuSample {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { at: Date.now(), idle, total };
}

/**
 * Reads the machine the api runs on with node:os and fs.statfs. CPU use is the busy share of every core
 * since the previous call (the dashboard polls), or over a short sample when the previous call was too recent.
 */
@Injectable()
export class SystemService {
  private previous: CpuSample = cpuSample();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async metrics(): Promise<SystemMetrics> {
    const [cpu, disk] = await Promise.all([this.cpu(), this.disk()]);
    const totalBytes = os.totalmem();
    const freeBytes = os.freemem();
    const usedBytes = totalBytes - freeBytes;
    const processSeconds = Math.round(process.uptime());
    return {
      cpu,
      memory: {
        totalBytes,
        usedBytes,
        freeBytes,
        percent: percentOf(usedBytes, totalBytes),
        processRssBytes: process.memoryUsage.rss(),
      },
      disk,
      uptime: {
        systemSeconds: Math.round(os.uptime()),
        processSeconds,
        startedAt: new Date(Date.now() - processSeconds * 1000).toISOString(),
      },
      platform: `${os.type()} ${os.release()} (${os.arch()})`,
      nodeVersion: process.version,
      checkedAt: new Date().toISOString(),
    };
  }

  private async cpu(): Promise<SystemMetrics['cpu']> {
    let from = this.previous;
    if (Date.now() - from.at < MIN_WINDOW_MS) {
      from = cpuSample();
      await new Promise((done) => setTimeout(done, SAMPLE_MS));
    }
    const to = cpuSample();
    this.previous = to;
    const total = to.total - from.total;
    const busy = total - (to.idle - from.idle);
    const cpus = os.cpus();
    return {
      percent: Math.min(100, Math.max(0, percentOf(busy, total))),
      cores: cpus.length,
      model: cpus[0]?.model.trim() ?? 'unknown',
      loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
      sampledOverMs: to.at - from.at,
    };
  }

  /** The file system holding DATA_DIR (uploads, exports, sitemaps): what fills up first. */
  private async disk(): Promise<SystemMetrics['disk']> {
    let path = resolve(this.config.DATA_DIR);
    for (;;) {
      try {
        const fs = await statfs(path);
        const totalBytes = fs.blocks * fs.bsize;
        const freeBytes = fs.bavail * fs.bsize;
        const usedBytes = totalBytes - fs.bfree * fs.bsize;
        // As df counts it: used against what users may fill (root's reserve left out).
        return { path, totalBytes, usedBytes, freeBytes, percent: percentOf(usedBytes, usedBytes + freeBytes) };
      } catch (error) {
        const parent = dirname(path);
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) throw error;
        path = parent; // DATA_DIR is made on first use: measure the file system it will live on.
      }
    }
  }
}

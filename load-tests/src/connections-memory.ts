import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { openFilesLimit, rssMb } from './proc-stats.ts';

/** The memory budget of issue 10: how many idle EAs fit in one 1 GiB process. */
export const budgetMb = 1024;
/** Issue 24: server memory per idle EA (RSS over the run's baseline, per EA held). */
export const perEaTargetKb = 20;
/** Sockets the server keeps besides EAs: pools, Redis, listeners, log (generous). */
const spareFiles = 200;

/**
 * The server holds one socket per EA; it inherits this process's open-files limit. Throws,
 * naming the limit, when `eas` cannot fit under it.
 */
export function checkOpenFiles(eas: number): { soft: number; hard: number } {
  const files = openFilesLimit();
  if (eas + spareFiles > files.soft) {
    throw new Error(
      `${eas} EAs need about ${eas + spareFiles} open files in the server; the limit here is ` +
        `${files.soft} (hard ${files.hard}). Run through \`npm run bench\` (it raises the soft ` +
        'limit to the hard one) or lower --eas / --poll-eas.',
    );
  }
  return files;
}

/**
 * The server is started with its inspector on a loopback port (`inspectorArgs`), so that the
 * bench can collect its garbage before reading its memory: without that, what V8 has not yet
 * collected (the warm-up's signals, the connections' set-up) is counted as memory the idle
 * EAs hold, and a step's figure depends on when the last collection happened.
 */
export const inspectorArgs = ['--inspect=127.0.0.1:0'];

/** The inspector's address, from the line Node prints on start-up into the server's log. */
function inspectorUrl(logFile: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
  if (!url)
    throw new Error(`no inspector address in ${logFile}: start the server with ${inspectorArgs}`);
  return url;
}

/** A full, compacting collection in the server (the inspector's HeapProfiler.collectGarbage). */
async function collectGarbage(logFile: string): Promise<void> {
  const ws = new WebSocket(inspectorUrl(logFile));
  try {
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const reply = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(`collectGarbage: ${reply.error.message}`));
        else resolve();
      });
      ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    ws.close();
  }
}

/** The server's memory once its garbage is collected: RSS and the JavaScript heap, in MiB. */
export async function serverMemory(server: { pid: number; url: string; logFile: string }) {
  await collectGarbage(server.logFile);
  return { rssMb: rssMb(server.pid), heapMb: await heapUsedMb(server.url) };
}

/** The server's own view of its heap (prom-client's default metrics), in MiB. */
async function heapUsedMb(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const bytes = Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? Number.NaN);
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}

type Memory = { rssMb: number; heapMb: number };

/**
 * KiB of server memory per idle EA (RSS, and the JavaScript heap): over the baseline for all
 * EAs after the hold and the alerts (what those left counts against the EAs), and per kind
 * from the step that added them (WebSockets first, then long-polls); with how many EAs the
 * budget would hold at the overall rate.
 */
export function memoryPerEa(
  at: { base: Memory; afterWs: Memory; afterPoll: Memory; afterUse: Memory },
  ws: number,
  poll: number,
) {
  const kbPer = (mb: number, n: number) => (n > 0 ? Math.round(((mb * 1024) / n) * 10) / 10 : 0);
  const perEaKb = kbPer(at.afterUse.rssMb - at.base.rssMb, ws + poll);
  return {
    perEaKb,
    heapPerEaKb: kbPer(at.afterUse.heapMb - at.base.heapMb, ws + poll),
    perWsKb: kbPer(at.afterWs.rssMb - at.base.rssMb, ws),
    heapPerWsKb: kbPer(at.afterWs.heapMb - at.base.heapMb, ws),
    perPollKb: kbPer(at.afterPoll.rssMb - at.afterWs.rssMb, poll),
    heapPerPollKb: kbPer(at.afterPoll.heapMb - at.afterWs.heapMb, poll),
    fits: perEaKb > 0 ? Math.floor(((budgetMb - at.base.rssMb) * 1024) / perEaKb) : 0,
  };
}

/**
 * A worker thread's entry (./cpu-pool.ts starts it through piscina): runs one task of ./cpu-tasks.ts with
 * the built-in games. Every bot level a game registers is reachable here through that game's own bot.
 */
import { threadId, type MessagePort } from 'node:worker_threads';
import { GAMES, createRegistry } from '../games/registry.js';
import { runTask, type CpuAnswer, type CpuTask } from './cpu-tasks.js';

const registry = createRegistry(GAMES);

/** The task's answer and the thread that ran it (tests prove with it that work left the main thread). */
export default function run(
  task: CpuTask & { readonly started?: MessagePort },
): CpuAnswer & { readonly threadId: number } {
  // The pool's hard timeout starts now, not while this thread was starting or the task waited.
  task.started?.postMessage(0);
  return { ...runTask(registry, task), threadId };
}

/**
 * The import's progress on stderr: on a terminal one line redrawn in place with a bar, counts and rate; else
 * plain lines (when a list starts being written, and at every tenth), as `import ics` prints them. Hand-written
 * rather than cli-progress because it writes through the command's output interface (which tests capture and
 * which has no stream to hand to a library), and so that both imports print alike.
 */

import type { TecKind } from '@calendar-events/core';
import type { ReadProgress } from './read-source.js';

export interface ProgressOutput {
  stderr(text: string): void;
  stderrIsTTY?: boolean;
}

const BAR_WIDTH = 24;

/** `▕██████░░░░▏`: the share done of a bar `width` wide. */
export function bar(done: number, total: number, width = BAR_WIDTH): string {
  const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : 0;
  return `▕${'█'.repeat(filled)}${'░'.repeat(width - filled)}▏`;
}

export interface ImportProgress {
  /** A page of a list was read (from the source or from the state of an earlier run). */
  read(progress: ReadProgress): void;
  /** The writer wrote records of a kind. */
  wrote(progress: { kind: TecKind; done: number; total: number }): void;
  /** A line that must not be drawn over (a retry). */
  note(line: string): void;
  /** Ends the redrawn line. */
  done(): void;
}

export function importProgress(
  output: ProgressOutput,
  now: () => number = performance.now.bind(performance),
) {
  let drawn = false;
  let lastDraw = Number.NEGATIVE_INFINITY;
  const started = new Map<string, number>();
  const lastTenth = new Map<string, number>();

  const show = (key: string, label: string, done: number, total: number | undefined) => {
    if (!started.has(key)) started.set(key, now());
    const seconds = (now() - started.get(key)!) / 1000;
    const rate = seconds > 0.2 ? ` · ${Math.round(done / seconds)}/s` : '';
    if (output.stderrIsTTY) {
      // Redrawing more than ten times a second shows nothing more and costs time; the last count is always drawn.
      if (now() - lastDraw < 100 && done !== total) return;
      lastDraw = now();
      const counts = total !== undefined ? `${done}/${total}` : `${done}`;
      const gauge = total !== undefined ? ` ${bar(done, total)}` : '';
      output.stderr(`\r\x1b[2K${label} ${counts}${gauge}${rate}`);
      drawn = true;
      return;
    }
    // Plain lines: one at the first page and at every tenth of the list.
    const tenth = total ? Math.floor((done * 10) / total) : 0;
    if (lastTenth.get(key) === tenth && done !== total) return;
    lastTenth.set(key, tenth);
    output.stderr(`${label} ${total !== undefined ? `${done}/${total}` : done}${rate}\n`);
  };

  const progress: ImportProgress = {
    read(step) {
      const label = `reading ${step.list}${step.resumed ? ' (kept from the last run)' : ''}`;
      show(`read ${step.list}`, label, step.read, step.total);
    },
    wrote(step) {
      const label = `writing ${step.kind === 'category' ? 'categories' : `${step.kind}s`}`;
      show(label, label, step.done, step.total);
    },
    note(line) {
      if (drawn) output.stderr('\r\x1b[2K');
      drawn = false;
      output.stderr(`${line}\n`);
    },
    done() {
      if (drawn) output.stderr('\n');
      drawn = false;
    },
  };
  return progress;
}

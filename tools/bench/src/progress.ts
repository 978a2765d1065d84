/**
 * Progress of a long step on stderr: one line rewritten in place on a terminal, a line per 10 % otherwise
 * (CI logs and pipes would fill with carriage returns).
 */
export interface ProgressReporter {
  update(done: number): void;
  finish(summary: string): void;
}

export interface ProgressOutput {
  write(text: string): void;
  isTTY: boolean;
}

export function stderrOutput(): ProgressOutput {
  return { write: (text) => process.stderr.write(text), isTTY: process.stderr.isTTY === true };
}

export function startProgress(output: ProgressOutput, label: string, total: number): ProgressReporter {
  const started = performance.now();
  let lastTenth = -1;
  let lastDraw = 0;
  const line = (done: number) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const percent = total > 0 ? Math.floor((100 * done) / total) : 100;
    return `${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${percent} %, ${rate.toLocaleString('en-US')}/s, ${seconds.toFixed(1)} s)`;
  };
  return {
    update(done) {
      if (output.isTTY) {
        const now = performance.now();
        // Redrawing more than ten times a second costs time and shows nothing more.
        if (now - lastDraw < 100 && done < total) return;
        lastDraw = now;
        output.write(`\r\x1b[2K${line(done)}`);
        return;
      }
      const tenth = total > 0 ? Math.floor((10 * done) / total) : 10;
      if (tenth > lastTenth) {
        lastTenth = tenth;
        output.write(`${line(done)}\n`);
      }
    },
    finish(summary) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      output.write(`${output.isTTY ? '\r\x1b[2K' : ''}${label}: ${summary} in ${seconds} s\n`);
    },
  };
}

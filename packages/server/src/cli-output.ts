/** Where the CLI writes: the process's streams, or a test's buffers. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress lines are rewritten in place there). */
  stderrIsTTY?: boolean;
  /** What a `-` file argument reads (default: the process's stdin). */
  stdin?: AsyncIterable<Uint8Array | string>;
}

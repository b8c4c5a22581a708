/**
 * Everything the bench starts (servers, browsers, emulators, temporary folders) is registered
 * here as soon as it exists, and closed in reverse order at the end: on success, on an error
 * and on Ctrl-C alike, so a failed run leaves no process or port behind.
 */
export class Cleanup {
  private readonly closers: { name: string; close: () => Promise<void> }[] = [];
  private running: Promise<void> | null = null;

  add(name: string, close: () => Promise<void>): void {
    this.closers.push({ name, close });
  }

  /** Closes everything, newest first; a closer that fails does not stop the others. */
  run(): Promise<void> {
    this.running ??= (async () => {
      while (this.closers.length > 0) {
        const closer = this.closers.pop();
        if (!closer) break;
        try {
          await closer.close();
        } catch (error) {
          console.error(`bench: could not close ${closer.name}:`, error);
        }
      }
    })();
    return this.running;
  }

  /** Runs the cleanup on Ctrl-C or a kill, then exits with the signal's conventional code. */
  onSignals(): void {
    const stop = (code: number) => () => {
      console.error('\nbench: interrupted, closing what it started…');
      void this.run().finally(() => process.exit(code));
    };
    process.once('SIGINT', stop(130));
    process.once('SIGTERM', stop(143));
  }
}

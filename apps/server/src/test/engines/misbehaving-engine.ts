import { defineEngine } from '../../modules/tools/engines/engine-module.js';

/** The file:// URL to pass in `engineOverrides`. */
export const misbehavingEngine = new URL(import.meta.url).href;

/**
 * A stand-in engine for the pipeline's failure tests, steered by the first word of the text: `throw` fails,
 * `exit` kills its worker thread, `hang` reports progress forever (until cancelled or timed out), `garbage`
 * returns something that isn't a report. Anything else fails too, so a test can never pass by accident.
 */
export default defineEngine<{ text: string }, unknown>((input, report) => {
  const command = input.text.trim().split(/\s+/, 1)[0];
  report({ percent: 10, stage: 'Misbehaving', partial: { command } });
  switch (command) {
    case 'throw':
      throw new Error('the engine crashed');
    case 'exit':
      process.exit(1);
      break;
    case 'hang': {
      // A busy loop, like a runaway engine: only stopping the thread ends it.
      let last = Date.now();
      for (;;) {
        if (Date.now() - last > 50) {
          report({ percent: 50, stage: 'Hanging' });
          last = Date.now();
        }
      }
    }
    case 'garbage':
      return { not: 'a report' };
  }
  throw new Error(`unknown command ${command}`);
});

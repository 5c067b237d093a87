// Worker entry when the server runs from TypeScript source (`npm run dev`, Vitest): worker threads don't inherit
// the parent's loaders, so tsx is registered here before the real entry and the engine modules are imported.
// The production build runs dist/engine-worker.js instead.
import { register } from 'tsx/esm/api';

register();
const { default: runEngineTask } = await import('./engine-worker.ts');
export default runEngineTask;

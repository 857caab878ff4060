// Lets a worker thread started from the TypeScript sources load them: jest runs the app from
// src/, and its own transform doesn't reach worker threads. Compiled by @swc/core (a dev
// dependency) with the options of jest.config.js. The built app's workers load dist/*.js and
// never this file (worker-pool.ts adds it only when it runs from a .ts file).
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};

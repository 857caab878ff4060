// Lets a worker thread started from the TypeScript sources load them: jest runs the app from
// src/, and its own transform doesn't reach worker threads. Compiled by @swc/core (a dev
// dependency) with jest's options (swc.config.cjs). The built app's workers load dist/*.js and
// never this file (worker-pool.ts adds it only when it runs from a .ts file).
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
const options = require('../../../swc.config.cjs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { filename, ...options });
  module._compile(code, filename);
};

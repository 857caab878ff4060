// How the TypeScript sources are compiled when they run without `nest build`: by jest
// (jest.config.js) and by worker threads started from the sources under jest
// (src/common/workers/typescript-hook.cjs). One copy, so the two can't compile differently.
module.exports = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

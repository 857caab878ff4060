// The directories of the `pg` packages a server of this repository loads: the copy the ORM's
// driver carries (backend/node_modules/@mikro-orm/postgresql may have its own) and backend's own,
// each once. For preloads that wrap `pg` (capture-sql.cjs, result-lifetime.cjs): every statement
// the app sends goes through one of them.
'use strict';
const path = require('node:path');

const backend = path.resolve(__dirname, '../../backend');

module.exports = function pgCopies() {
  const dirs = new Set();
  for (const from of [path.join(backend, 'node_modules/@mikro-orm/postgresql'), backend]) {
    try {
      dirs.add(path.dirname(require.resolve('pg/package.json', { paths: [from] })));
    } catch (err) {
      if (err.code !== 'MODULE_NOT_FOUND') throw err;
    }
  }
  return [...dirs];
};

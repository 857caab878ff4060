/**
 * The backend's dependency rule, checked by `npm run lint` (dependency-cruiser).
 *
 * MODULE_ORDER is the one place the order of the feature modules is written: a module may import
 * only modules listed before it, never one after it (so there are no cycles either). `common/`
 * is the shared kernel and imports nothing from `modules/`; `tenancy/` knows only the tenants
 * module's Organization entity. `npm run gen` draws docs/architecture.md's module diagram from
 * the imports that exist, in this order (scripts/module-graph.mjs).
 */
const MODULE_ORDER = [
  'tenants', // organisations, their time zone and "today"
  'mail', // the outbox and its worker
  'auth', // users, sessions, sign-in, links, accounts
  'audit', // the activity log
  'notifications', // in-app notifications: the bell (written by the modules whose changes concern a person)
  'fact-changes', // "a fact the rota depends on changed" as one call; the rota's repair is bound to its port by requests
  'staff', // staff records and their accounts
  'sso', // sign-in through Google, Microsoft or another OpenID Provider (after staff: someone who joins gets a staff record)
  'holidays', // holidays and term dates
  'settings', // the organisation's settings row, instructions, the procedure document
  'availability', // who is away when: dated periods and weekly rules (after settings: a two-week rule reads the organisation's Week A)
  'duties', // the duties a school runs: the Duty Manager duty and the school's own (after settings: the Duty Manager duty's need is its duty managers per day)
  'rota', // rota days and slots, the engine, bulk tools, statistics
  'reminders', // reminder settings, template, job, Email System Testing (after rota: the reminder pass reads the duties)
  'requests', // swap and cancel requests, unavailability, auto-approval
  'calendar', // subscription links and iCalendar feeds
  'setup', // the first-run checklist, read from every module's data
  'data-rights', // the organisation's export and import, each person's own data, erasure and retention, deleting an organisation
  'health', // liveness and database status
];

const later = (i) => MODULE_ORDER.slice(i + 1);

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    {
      name: 'common-imports-no-module',
      comment: 'common/ is shared by every module and depends on none of them.',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'orm-plumbing-imports-no-module',
      comment:
        "database/ and config/ (the ORM's plumbing) depend on no module: each module declares its own entities (MikroOrmModule.forFeature), and the ORM without Nest finds them on disk (database/entity-discovery.ts).",
      severity: 'error',
      from: { path: '^src/(database|config)/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'tenancy-knows-only-organizations',
      comment: 'tenancy/ scopes every entity to an organisation; the only module it knows is the tenants entity.',
      severity: 'error',
      from: { path: '^src/tenancy/' },
      to: { path: '^src/modules/', pathNot: '^src/modules/tenants/entities/' },
    },
    ...MODULE_ORDER.slice(0, -1).map((name, i) => ({
      name: `module-order-${name}`,
      comment: `${name} comes before ${later(i).join(', ')} in MODULE_ORDER (.dependency-cruiser.cjs): it may not import them.`,
      severity: 'error',
      from: { path: `^src/modules/${name}/` },
      to: { path: `^src/modules/(${later(i).join('|')})/` },
    })),
    {
      name: 'no-other-modules-repository',
      comment:
        "A module's repositories are its own door to its tables: other modules call its exported services (docs/architecture.md#one-owner-per-table), never its *.repository.ts.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/.+[.]repository[.]ts$', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'module-listed',
      comment: 'Every folder under src/modules has its place in MODULE_ORDER.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/modules/', pathNot: `^src/modules/(${MODULE_ORDER.join('|')})/` },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.spec\\.ts$' },
  },
};

// The order is published beside the config for scripts/module-graph.mjs, outside what dependency-cruiser validates.
module.exports = config;
Object.defineProperty(module.exports, 'MODULE_ORDER', { value: MODULE_ORDER, enumerable: false });

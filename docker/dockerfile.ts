import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Performs a Dockerfile's steps without a Docker engine (none runs on our machines): each
 * stage becomes a folder standing for its WORKDIR, COPY copies from the build context (minus
 * the .dockerignore) or from an earlier stage, RUN runs the command there with bash. Only
 * what this Dockerfile uses is understood; anything else throws, so a new kind of step
 * cannot pass unnoticed.
 */

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** Instructions in order; continuation lines joined, comments and blank lines dropped. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending === '') startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const full = `${pending}${line}`.trim();
    pending = '';
    const [keyword = ''] = full.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), args: full.slice(keyword.length).trim(), line: startLine });
  });
  return instructions;
}

/** Patterns of a .dockerignore (relative to the context root). */
export function parseDockerignore(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/^\/+/, '').replace(/\/+$/, ''));
}

/** Whether a context path (forward slashes, relative) is left out: the pattern or a parent folder matches. */
export function isIgnored(relativePath: string, patterns: readonly string[]): boolean {
  const parts = relativePath.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const candidate = parts.slice(0, depth).join('/');
    if (patterns.some((pattern) => path.matchesGlob(candidate, pattern))) return true;
  }
  return false;
}

export interface Stage {
  name: string | null;
  dir: string;
  env: Record<string, string>;
  cmd: string[] | null;
  healthcheck: string | null;
}

export interface RunOptions {
  contextDir: string;
  dockerfile: string;
  ignorePatterns: readonly string[];
  /** Where the stages' folders are made. */
  workDir: string;
  /** The environment RUN commands start from (PATH, HOME and the npm cache come from here). */
  baseEnv: NodeJS.ProcessEnv;
  /**
   * RUN commands of a stage that touch paths outside its WORKDIR (the final stage's volume
   * folder) cannot run here: the caller performs them and says so, or they throw.
   */
  foreignRun: (command: string, stage: Stage) => boolean;
  log: (message: string) => void;
}

function splitWords(args: string): string[] {
  return args.split(/\s+/).filter((word) => word !== '');
}

/** COPY's destination inside the stage: a trailing slash (or several sources) means a folder. */
function copyInto(source: string, destination: string, stage: Stage, filter: (relative: string) => boolean): void {
  const target = path.join(stage.dir, destination);
  const isFolder = destination.endsWith('/') || destination === '.';
  const stat = fs.lstatSync(source);
  if (stat.isDirectory()) {
    // Docker copies a folder's contents into the destination.
    fs.mkdirSync(target, { recursive: true });
    fs.cpSync(source, target, { recursive: true, verbatimSymlinks: true, filter: (from) => filter(from) });
    return;
  }
  const file = isFolder ? path.join(target, path.basename(source)) : target;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.cpSync(source, file, { verbatimSymlinks: true });
}

function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of splitWords(args)) {
    const [key, ...value] = pair.split('=');
    if (!key || value.length === 0) throw new Error(`ENV ${args}: only KEY=value pairs are understood`);
    env[key] = value.join('=');
  }
  return env;
}

/** Performs every stage; answers them in order, the last one being the image. */
export function performDockerfile(options: RunOptions): Stage[] {
  const stages: Stage[] = [];
  const contextFilter = (from: string) => {
    const relative = path.relative(options.contextDir, from).split(path.sep).join('/');
    return relative === '' || !isIgnored(relative, options.ignorePatterns);
  };
  for (const instruction of parseDockerfile(fs.readFileSync(options.dockerfile, 'utf8'))) {
    const where = `Dockerfile line ${instruction.line}`;
    const stage = stages[stages.length - 1];
    if (instruction.keyword === 'FROM') {
      const [, as, name] = splitWords(instruction.args);
      const dir = path.join(options.workDir, `stage-${stages.length}`);
      fs.mkdirSync(dir, { recursive: true });
      stages.push({
        name: as?.toUpperCase() === 'AS' ? (name ?? null) : null,
        dir,
        env: {},
        cmd: null,
        healthcheck: null,
      });
      continue;
    }
    if (!stage) throw new Error(`${where}: ${instruction.keyword} before FROM`);
    switch (instruction.keyword) {
      case 'WORKDIR':
        // The stage's folder stands for its WORKDIR; this Dockerfile sets one per stage.
        if (instruction.args !== '/app') throw new Error(`${where}: only WORKDIR /app is understood`);
        break;
      case 'ENV':
        Object.assign(stage.env, parseEnv(instruction.args));
        break;
      case 'COPY': {
        const words = splitWords(instruction.args);
        const from = words[0]?.startsWith('--from=') ? words.shift()!.slice('--from='.length) : null;
        const destination = words.pop();
        if (destination === undefined || words.length === 0)
          throw new Error(`${where}: COPY needs a source and a destination`);
        for (const source of words) {
          if (from === null) {
            if (!contextFilter(path.join(options.contextDir, source)))
              throw new Error(`${where}: ${source} is ignored`);
            copyInto(path.join(options.contextDir, source), destination, stage, contextFilter);
          } else {
            const origin = stages.find((candidate) => candidate.name === from);
            if (!origin) throw new Error(`${where}: no stage ${from}`);
            if (!source.startsWith('/app/')) throw new Error(`${where}: only sources under /app are understood`);
            copyInto(path.join(origin.dir, source.slice('/app/'.length)), destination, stage, () => true);
          }
        }
        break;
      }
      case 'RUN': {
        if (options.foreignRun(instruction.args, stage)) {
          options.log(`${where}: performed by the caller: ${instruction.args}`);
          break;
        }
        const started = Date.now();
        const result = spawnSync('bash', ['-euo', 'pipefail', '-c', instruction.args], {
          cwd: stage.dir,
          env: { ...options.baseEnv, ...stage.env },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (result.status !== 0) {
          throw new Error(
            `${where}: RUN ${instruction.args} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
          );
        }
        options.log(`${where}: RUN ${instruction.args} (${seconds} s)`);
        break;
      }
      case 'CMD':
        stage.cmd = JSON.parse(instruction.args) as string[];
        break;
      case 'HEALTHCHECK': {
        const command = /\bCMD\s+(.*)$/.exec(instruction.args)?.[1];
        if (command === undefined) throw new Error(`${where}: HEALTHCHECK without CMD`);
        stage.healthcheck = command;
        break;
      }
      case 'USER':
      case 'VOLUME':
      case 'EXPOSE':
        // Nothing to perform outside a container; the caller's test checks what they mean.
        break;
      default:
        throw new Error(`${where}: ${instruction.keyword} is not understood`);
    }
  }
  return stages;
}

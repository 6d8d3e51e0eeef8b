import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/**
 * For crash tests: modules of this package compiled to plain JavaScript into `dir`, so a
 * child process can run them without jest, and a runner that kills that child with SIGKILL
 * once it has acknowledged enough writes (one "ack <n>" line each).
 */
export function compileModules(dir: string, modules: readonly string[]): void {
  for (const module of modules) {
    const source = readFileSync(path.join(__dirname, '..', `${module}.ts`), 'utf8');
    const output = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText;
    writeFileSync(path.join(dir, `${path.basename(module)}.js`), output);
  }
}

export function runUntilKilled(script: string, args: readonly string[], killAfterAcks: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      // The child finds better-sqlite3 and the rest in this checkout's node_modules.
      env: { ...process.env, NODE_PATH: path.resolve(__dirname, '..', '..', '..', 'node_modules') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acked: number[] = [];
    let buffer = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) acked.push(Number(line.slice('ack '.length)));
      if (acked.length >= killAfterAcks) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(acked);
      else reject(new Error(`the writer ended without being killed: ${errors}`));
    });
  });
}

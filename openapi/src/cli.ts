#!/usr/bin/env node
// resto-openapi <spec.json|spec.yaml> -o <dir> [options]
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generate, type GenerateOptions } from './generate';
import { OpenApiError } from './load';
import { writeFiles } from './write';

const USAGE = `Usage: resto-openapi <spec.json|spec.yaml> -o <dir> [options]

Options:
  -o, --out <dir>          where to write the modules (required)
  --url-prefix <url>       prefix of every URL (default: the document's first server)
  --tag <tag>              only operations with this tag (repeat for more)
  --pk <Schema=field>      primary key of a schema; <Schema=false>: not an entity (repeatable)
  --index <file>           name of the index module (default index.ts)
  --models <file>          name of the models module (default models.ts)
  --import-extension <ext> '' (default) or .js for Node's ESM resolution
  --no-validate            generate from a document that fails validation
  -h, --help               this text`;

/**
 * Runs the CLI with `argv` (without node and the script); resolves with the exit code.
 *
 * @example
 * process.exitCode = await main(['openapi.yaml', '-o', 'src/api']);
 */
export async function main(argv: string[], log: (line: string) => void = console.log, error: (line: string) => void = console.error): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        'url-prefix': { type: 'string' },
        tag: { type: 'string', multiple: true },
        pk: { type: 'string', multiple: true },
        index: { type: 'string' },
        models: { type: 'string' },
        'import-extension': { type: 'string' },
        'no-validate': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || !values.out) {
    error(USAGE);
    return 2;
  }
  const pk: Record<string, string | false> = {};
  for (const entry of values.pk ?? []) {
    const [schema, field] = entry.split('=');
    if (!schema || !field) {
      error(`--pk expects Schema=field, got "${entry}"`);
      return 2;
    }
    pk[schema] = field === 'false' ? false : field;
  }
  const ext = values['import-extension'];
  if (ext !== undefined && ext !== '' && ext !== '.js') {
    error(`--import-extension is '' or .js, got "${ext}"`);
    return 2;
  }
  const options: GenerateOptions = {
    urlPrefix: values['url-prefix'],
    tags: values.tag,
    pk,
    fileNames: { index: values.index, models: values.models },
    importExtension: ext as '' | '.js' | undefined,
    validate: !values['no-validate'],
  };
  const started = performance.now();
  try {
    const result = await generate(resolve(positionals[0]!), options);
    await writeFiles(resolve(values.out), result.files);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(
      `resto-openapi: ${result.operations} operations -> ${result.entities.length} entities, ${result.resources.length} resources, ` +
        `${result.endpoints.length} endpoints in ${result.files.length} files (${values.out}, ${seconds} s)`,
    );
    return 0;
  } catch (e) {
    if (e instanceof OpenApiError) {
      error(`resto-openapi: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

// Run when executed (also through npm's bin symlink), not when imported by a test.
const self = fileURLToPath(import.meta.url);
if (process.argv[1] && realpathSync(resolve(process.argv[1])) === self) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}

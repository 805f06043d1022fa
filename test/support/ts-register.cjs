// Lets `node -r ./test/support/ts-register.cjs src/main.ts` run the TypeScript entry as it is, so an
// e2e test can start the real API or worker process without a build: each .ts file under the project
// is transpiled on require with the project's compiler options (decorator metadata included), no type
// check (`npx tsc` does that). Output is cached in the temp dir by content, so the second process
// started by a test file does not transpile again.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, ROOT);
const compilerOptions = {
  ...options,
  module: ts.ModuleKind.CommonJS,
  sourceMap: false,
  inlineSourceMap: true,
  declaration: false,
  noEmit: false,
};

const CACHE = path.join(
  os.tmpdir(),
  `sahyog-ts-${crypto
    .createHash('sha1')
    .update(ts.version + JSON.stringify(compilerOptions))
    .digest('hex')
    .slice(0, 12)}`,
);
fs.mkdirSync(CACHE, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const cached = path.join(
    CACHE,
    `${crypto.createHash('sha1').update(filename).update('\0').update(source).digest('hex')}.js`,
  );
  let outputText;
  try {
    outputText = fs.readFileSync(cached, 'utf8');
  } catch {
    outputText = ts.transpileModule(source, { compilerOptions, fileName: filename }).outputText;
    // write then rename: a concurrent reader never sees half a file
    const partial = `${cached}.${process.pid}`;
    fs.writeFileSync(partial, outputText);
    fs.renameSync(partial, cached);
  }
  module._compile(outputText, filename);
};

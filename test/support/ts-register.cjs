// Lets `node -r ./test/support/ts-register.cjs src/main.ts` run the TypeScript entry as it is, so an
// e2e test can start the real API or worker process without a build: each .ts file under the project
// is transpiled on require with the project's compiler options (decorator metadata included), no type
// check (`npx tsc` does that).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');
const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, ROOT);
const compilerOptions = { ...options, module: ts.ModuleKind.CommonJS, sourceMap: false, inlineSourceMap: true, declaration: false, noEmit: false };

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};

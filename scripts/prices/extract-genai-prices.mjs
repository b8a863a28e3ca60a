// Reads the price data that @pydantic/genai-prices bundles into its dist/index.js and writes it as JSON.
// The package ships its table as a JavaScript literal, not as a file: the first statement of the bundle declares
// the providers (an array) and the unit registry (an object keyed by usage key). Nothing of the package runs here;
// only that statement is evaluated, in an empty context.
//
// usage: node extract-genai-prices.mjs PACKAGE_DIR OUT_PROVIDERS_JSON OUT_UNITS_JSON
import { readFileSync, writeFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';

const [pkgDir, outProviders, outUnits] = process.argv.slice(2);
if (!outUnits) {
  console.error('usage: node extract-genai-prices.mjs PACKAGE_DIR OUT_PROVIDERS_JSON OUT_UNITS_JSON');
  process.exit(2);
}
const source = readFileSync(`${pkgDir}/dist/index.js`, 'utf8');
const lines = source.split('\n');
// The statement ends at the first line that closes a literal at column 0 and is not followed by another declarator.
let end = lines.findIndex((line) => line === '};' || line === '];');
if (end < 0) throw new Error('no top-level literal statement found in dist/index.js');
const statement = lines.slice(0, end + 1).join('\n');
const names = [...statement.matchAll(/^(?:const ([A-Za-z_$][\w$]*) = [\[{]|[\]}], ([A-Za-z_$][\w$]*) = [\[{])$/gm)]
  .map((m) => m[1] ?? m[2]);
const values = runInNewContext(`${statement}\n[${names.join(', ')}]`, Object.create(null));
const providers = values.find((v) => Array.isArray(v) && v.every((p) => typeof p.id === 'string' && Array.isArray(p.models)));
const units = values.find((v) => !Array.isArray(v) && v.input_tokens && v.input_tokens.price_key === 'input_mtok');
if (!providers || !units) throw new Error(`expected a provider array and a unit registry, found: ${names.join(', ')}`);
// The bundle turns the feed's constraints into a tagged form ({type: 'start_date', ...}); the JSON feed has none of
// those tags, so write them back as the feed spells them.
for (const provider of providers) {
  for (const model of provider.models) {
    if (!Array.isArray(model.prices)) continue;
    for (const conditional of model.prices) {
      if (conditional.constraint && 'type' in conditional.constraint) delete conditional.constraint.type;
    }
  }
}
writeFileSync(outProviders, JSON.stringify(providers) + '\n');
writeFileSync(outUnits, JSON.stringify(units, null, 1) + '\n');
console.error(`${providers.length} providers, ${providers.reduce((n, p) => n + p.models.length, 0)} models, ${Object.keys(units).length} units`);

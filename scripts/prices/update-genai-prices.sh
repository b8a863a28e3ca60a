#!/usr/bin/env bash
# Brings the price table Tracedeck bundles up to a release of @pydantic/genai-prices (MIT), from the npm registry:
#   scripts/prices/update-genai-prices.sh [VERSION]        (default: the latest release)
# Writes the providers and the unit registry as JSON, and genai-prices.properties with the release's version,
# publication date, tarball integrity and license, which `tracedeck prices` and every cost report name.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../analysis/src/main/resources/dev/tracedeck/analysis/cost"
version="${1:-$(npm view @pydantic/genai-prices version)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@pydantic/genai-prices@$version" >/dev/null && tar xzf ./*.tgz)
node "$here/extract-genai-prices.mjs" "$work/package" "$out/genai-prices.json" "$out/genai-prices-units.json"
cp "$work/package/LICENSE" "$out/genai-prices.LICENSE"
published="$(npm view "@pydantic/genai-prices@$version" --json time | node -e \
  "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s)['$version'].slice(0,10)))")"
integrity="$(npm view "@pydantic/genai-prices@$version" dist.integrity)"
license="$(npm view "@pydantic/genai-prices@$version" license)"
cat > "$out/genai-prices.properties" <<PROPS
# The price table bundled with Tracedeck: written by scripts/prices/update-genai-prices.sh, not by hand.
name=genai-prices
package=@pydantic/genai-prices
version=$version
published=$published
integrity=$integrity
license=$license
source=https://github.com/pydantic/genai-prices
PROPS
echo "genai-prices $version ($published) written to $out"

#!/usr/bin/env bash
# The run tree at scale, in a real window under a private Xvfb (1280×720): a million-span OTLP JSON Lines file imported
# and checked, its tree built off the FX thread, then the first rows shown, a run of a thousand steps opened and a
# finding revealed deep in the closed tree, each timed on the FX thread against a bare table of integers doing the
# same in the same run (dev.tracedeck.desktop.bench.RunTreeBenchmark).
#
#   scripts/benchmark-tree.sh                       # bench-data/otlp-1m.jsonl, written first when missing
#   SPANS=200000 scripts/benchmark-tree.sh          # a smaller file (bench-data/otlp-200000.jsonl)
#
# Environment: SPANS (1000000), HEAP (-Xmx, 8g), MVN_FLAGS (e.g. -o). The generated file goes to the git-ignored
# bench-data/. Needs xvfb-run (apt-get install xvfb).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
SPANS="${SPANS:-1000000}"
command -v xvfb-run >/dev/null || { echo "benchmark-tree: xvfb-run is needed: apt-get install xvfb" >&2; exit 2; }
FILE="$ROOT/bench-data/otlp-$([[ "$SPANS" == 1000000 ]] && echo 1m || echo "$SPANS").jsonl"
echo ">> building $(git rev-parse --short HEAD)"
# Through the reactor, so the modules are this tree's classes, not whatever jars ~/.m2 holds.
# shellcheck disable=SC2086
./mvnw -B -q ${MVN_FLAGS:-} -pl desktop -am test-compile dependency:build-classpath -Dmdep.outputFile="$ROOT/desktop/target/bench.classpath"
CP="desktop/target/test-classes:desktop/target/classes:$(cat desktop/target/bench.classpath)"
xvfb-run -a -s "-screen 0 1280x720x24" java -Xmx"${HEAP:-8g}" -cp "$CP" dev.tracedeck.desktop.bench.RunTreeBenchmark "$FILE" "$SPANS"

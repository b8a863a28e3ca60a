#!/usr/bin/env bash
# The Memory view on thousands of operations, in a real window under a private Xvfb (1280×720): a Claude Code session
# whose agent edits seven memory files and its todo list OPS times is imported, its memories read, then the view shown
# and a mark chosen, each timed on the FX thread against a canvas drawing as many dots in the same run
# (dev.tracedeck.desktop.bench.MemoryViewBenchmark).
#
#   scripts/benchmark-memory-view.sh                 # bench-data/memory-ops-10000.jsonl, written first when missing
#   OPS=20000 scripts/benchmark-memory-view.sh
#
# Environment: OPS (10000), HEAP (-Xmx, 4g), MVN_FLAGS (e.g. -o). The generated file goes to the git-ignored
# bench-data/. Needs xvfb-run (apt-get install xvfb).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
OPS="${OPS:-10000}"
command -v xvfb-run >/dev/null || { echo "benchmark-memory-view: xvfb-run is needed: apt-get install xvfb" >&2; exit 2; }
FILE="$ROOT/bench-data/memory-ops-$OPS.jsonl"
echo ">> building $(git rev-parse --short HEAD)"
# Through the reactor, so the modules are this tree's classes, not whatever jars ~/.m2 holds.
# shellcheck disable=SC2086
./mvnw -B -q ${MVN_FLAGS:-} -pl desktop -am test-compile dependency:build-classpath -Dmdep.outputFile="$ROOT/desktop/target/bench.classpath"
CP="desktop/target/test-classes:desktop/target/classes:$(cat desktop/target/bench.classpath)"
xvfb-run -a -s "-screen 0 1280x720x24" java -Xmx"${HEAP:-4g}" -cp "$CP" dev.tracedeck.desktop.bench.MemoryViewBenchmark "$FILE" "$OPS"

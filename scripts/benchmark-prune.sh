#!/usr/bin/env bash
# Prune benchmark: a full recompute of each strategy (strategy, token counts of both sides, pairing rules on both)
# on a 10,000-message agent history, after warm-up. Prints median and p90 per strategy; aim: under 50 ms.
#   scripts/benchmark-prune.sh [MESSAGES]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
mvn -B -q ${MVN_FLAGS:-} -pl trace-model test-compile dependency:build-classpath -Dmdep.outputFile="$ROOT/trace-model/target/bench.classpath"
exec java -cp "trace-model/target/classes:trace-model/target/test-classes:$(cat trace-model/target/bench.classpath)" \
  dev.tracedeck.model.bench.PruneBenchmark "$@"

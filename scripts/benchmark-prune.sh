#!/usr/bin/env bash
# Prune benchmark: a full recompute of each strategy (strategy, token counts of both sides, pairing rules on both)
# on a 10,000-message agent history, after warm-up. Prints median and p90 per strategy; aim: under 50 ms.
#   scripts/benchmark-prune.sh [MESSAGES]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
# The analysis module and what it needs (trace-model): each writes its classpath file, the analysis module's last.
"$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -pl analysis -am test-compile dependency:build-classpath -Dmdep.outputFile="$ROOT/analysis/target/bench.classpath"
exec java -cp "analysis/target/classes:analysis/target/test-classes:$(cat analysis/target/bench.classpath)" \
  dev.tracedeck.analysis.bench.PruneBenchmark "$@"

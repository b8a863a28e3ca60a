#!/usr/bin/env bash
# Load on a shared workspace: PROCESSES writer processes (each a JVM with its own connection pool and author) record
# and index RUNS synthetic runs between them into one fresh workspace, then search latency is measured on it. The
# PostgreSQL server is the tests' (zonky's binaries from Maven Central, started on 127.0.0.1 and stopped at the end);
# `sqlite` measures the same on an SQLite file for comparison. Figures: docs/performance.md.
#
#   scripts/workspace-load.sh                          # postgresql, 4 processes, 10,000 runs of 20 messages
#   KIND=sqlite scripts/workspace-load.sh
#   PROCESSES=2 RUNS=1000 MESSAGES=50 scripts/workspace-load.sh
#
# Environment: KIND=postgresql|sqlite, PROCESSES=4, RUNS=10000, MESSAGES=20, MVN_FLAGS (e.g. -o).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-load.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# In one reactor run, so that the other modules come from their target/ directories (the file is the last module's).
# shellcheck disable=SC2086
"$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -pl workspace -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$WORK/cp.txt" >/dev/null
CP="$ROOT/workspace/target/test-classes:$ROOT/workspace/target/classes:$(cat "$WORK/cp.txt")"
# The server's files go under workspace/target/test-postgres, as in the tests.
cd workspace
exec java -cp "$CP" dev.tracedeck.workspace.SharedWorkspaceLoad \
    "${KIND:-postgresql}" "${PROCESSES:-4}" "${RUNS:-10000}" "${MESSAGES:-20}" "$WORK"

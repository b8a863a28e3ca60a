#!/usr/bin/env bash
# The JSON import's throughput aim, measured in one run: in each round, alternately, the Mycelian log import (the
# aim: the log importer's throughput), the chat JSON Lines import, and the floor under any JSON import that keeps its
# texts (JsonFloorBenchmark: Jackson's tokens on one thread per core, every string value kept, nothing else built),
# each a cold run in a fresh JVM on both cores. Prints each round and the ratios chat/log and chat/floor.
#
#   scripts/benchmark-json-aim.sh          # bench-data/mycelian-1g.log and bench-data/chat-1g.jsonl, generated once
#
# Environment: RUNS=3 rounds; MVN_FLAGS=-o to build offline. Needs the benchmark-import.sh set-up (it builds).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
RUNS="${RUNS:-3}"
LOG=bench-data/mycelian-1g.log
CHAT=bench-data/chat-1g.jsonl
LIB="importers/target/bench-lib"

# Builds what is needed and generates the files that are missing; the measured runs follow.
BUILD_ONLY=1 scripts/benchmark-import.sh
BUILD_ONLY=1 KIND=chat scripts/benchmark-import.sh
CP="$LIB/test-classes:$LIB/classes:$LIB/jars/*"
heap() { echo $(( ($(stat -c %s "$1") + 1048575) / 1048576 * $2 ))m; }

result() {  # result KEY LINE: the value of KEY= in a RESULT line
    sed -E "s/.* $1=([^ ]+).*/\1/" <<<"$2"
}

echo ">> $(nproc) cores; $(java -version 2>&1 | head -1); log $(stat -c %s "$LOG") bytes, chat $(stat -c %s "$CHAT") bytes"
for ((round = 1; round <= RUNS; round++)); do
    log=$(java -Xmx"$(heap "$LOG" 1)" -cp "$CP" dev.tracedeck.importers.bench.ImportBenchmark "$LOG" | grep '^RESULT')
    chat=$(java -Xmx"$(heap "$CHAT" 4)" -cp "$CP" dev.tracedeck.importers.bench.ImportBenchmark "$CHAT" | grep '^RESULT')
    floor=$(java -Xmx"$(heap "$CHAT" 4)" -cp "$CP" dev.tracedeck.importers.bench.JsonFloorBenchmark "$CHAT" | grep '^RESULT')
    l=$(result mib_per_s "$log"); c=$(result mib_per_s "$chat"); f=$(result mib_per_s "$floor")
    printf '   round %d: log import %s MiB/s (%s s)   chat import %s MiB/s (%s s, retained %s MiB)   floor %s MiB/s (%s s)   chat/log %s   chat/floor %s\n' \
        "$round" "$l" "$(result seconds "$log")" "$c" "$(result seconds "$chat")" "$(result retained_heap_mib "$chat")" \
        "$f" "$(result seconds "$floor")" \
        "$(awk -v a="$c" -v b="$l" 'BEGIN { printf "%.2f", a / b }')" "$(awk -v a="$c" -v b="$f" 'BEGIN { printf "%.2f", a / b }')"
done

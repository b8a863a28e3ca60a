#!/usr/bin/env bash
# Workspace benchmark: records a big generated Mycelian log in a fresh workspace (its row and summaries: the
# SHA-256 and the full-text index of every distinct message are left to the first search) and searches it. Prints
# what recording adds to inspect, the first search (which reads the file again, hashes and indexes it), query
# times, and the workspace's size beside the trace's.
#
#   scripts/benchmark-workspace.sh             # bench-data/mycelian-257m.log, generated once (git-ignored)
#   TARGET_MB=1100 scripts/benchmark-workspace.sh   # the 1 GiB log of benchmark-import.sh
#   scripts/benchmark-workspace.sh FILE        # any existing log
#
# Environment: TARGET_MB=257 (size of the generated log), QUERY_RUNS=5, MVN_FLAGS=-o (compiling the generator).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

TARGET_MB="${TARGET_MB:-257}"
DATA="${1:-bench-data/mycelian-${TARGET_MB}m.log}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-wsbench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
WS="$WORK/workspace.db"

if [[ ! -f "$DATA" ]]; then
    if [[ $# -ge 1 ]]; then
        echo "no such file: $DATA" >&2
        exit 2
    fi
    echo ">> generating $DATA (about ${TARGET_MB} MiB, state dumped after every message)"
    # shellcheck disable=SC2086
    "$ROOT/mvnw" -B -q ${MVN_FLAGS:-} -pl importers -am test-compile
    mkdir -p "$(dirname "$DATA")"
    java -cp importers/target/test-classes:importers/target/classes \
        dev.tracedeck.importers.bench.MycelianLogGenerator "$DATA" "$TARGET_MB"
fi
SIZE=$(stat -c %s "$DATA")
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

./tracedeck --version >/dev/null   # builds when needed and makes the start-up archive, outside the measurements

timed() {  # timed OUT CMD...: wall seconds in SECONDS_TAKEN
    local out=$1; shift
    local start end
    start=$(date +%s.%N)
    "$@" >"$out"
    end=$(date +%s.%N)
    SECONDS_TAKEN=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
}

echo ">> $DATA: $(mib "$SIZE") MiB; $(nproc) cores; $(java -version 2>&1 | head -1)"
timed /dev/null ./tracedeck inspect --no-workspace --json "$DATA"
plain=$SECONDS_TAKEN
timed /dev/null ./tracedeck inspect --workspace "$WS" --json "$DATA"
recorded=$SECONDS_TAKEN
timed /dev/null ./tracedeck inspect --workspace "$WS" --json "$DATA"
again=$SECONDS_TAKEN
echo "RESULT inspect without the workspace     ${plain} s"
echo "RESULT inspect recording it (first time) ${recorded} s  -> recording $(awk -v a="$recorded" -v b="$plain" 'BEGIN { printf "%.2f", a - b }') s"
echo "RESULT inspect again (same content)      ${again} s"
timed "$WORK/hits.json" ./tracedeck search --workspace "$WS" --json --limit 200 add_entry
echo "RESULT first search                      ${SECONDS_TAKEN} s  (reads the file again, hashes and indexes it)"

DB_BYTES=$(( $(stat -c %s "$WS") + $( [[ -f "$WS-wal" ]] && stat -c %s "$WS-wal" || echo 0) ))
read -r docs hits < <(sqlite3 "$WS" "SELECT (SELECT count(*) FROM search_docs), (SELECT count(*) FROM search_hits)" 2>/dev/null \
    | tr '|' ' ' || echo "? ?")
echo "RESULT workspace $(mib "$DB_BYTES") MiB for a $(mib "$SIZE") MiB trace ($(awk -v d="$DB_BYTES" -v s="$SIZE" 'BEGIN { printf "%.1f", 100 * d / s }') %)${docs:+; $docs distinct messages indexed, $hits occurrences}"

for query in 'add_entry' 'tools:add_entry' 'tools:put_context OR tools:await_consistency' 'flush*' 'args:content NOT tools:get_context'; do
    times=()
    for ((i = 0; i < ${QUERY_RUNS:-5}; i++)); do
        timed "$WORK/hits.json" ./tracedeck search --workspace "$WS" --json --limit 200 "$query"
        times+=("$SECONDS_TAKEN")
    done
    n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$WORK/hits.json" 2>/dev/null || echo "?")
    best=$(printf '%s\n' "${times[@]}" | sort -g | head -1)
    med=$(printf '%s\n' "${times[@]}" | sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
    printf 'RESULT search %-45s %4s hits  best %s s, median %s s (whole command, JVM start included)\n' "'$query'" "$n" "$best" "$med"
done

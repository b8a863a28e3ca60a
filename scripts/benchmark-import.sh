#!/usr/bin/env bash
# Import benchmark: generates a >= 1 GiB Mycelian log (once) and imports it on one core with a heap no larger
# than the file, printing wall time, throughput, peak and retained heap.
#
#   scripts/benchmark-import.sh                 # bench-data/mycelian-1g.log, 1100 MiB
#   KIND=chat scripts/benchmark-import.sh       # bench-data/chat-1g.jsonl: OpenAI chat conversations, one per line
#   scripts/benchmark-import.sh FILE            # any existing trace (not generated)
#
# Environment:
#   TARGET_MB=1100      size of the generated log in MiB (used only when the default file is missing)
#   MVN_FLAGS=-o        extra Maven flags (e.g. -o to build offline)
#   JAVA_OPTS=...       extra JVM flags for the measured run (e.g. -XX:+UseG1GC, -Dbench.warmup=true)
#   NO_TASKSET=1        do not pin the run to one core
#   FORCE_BUILD=1       rebuild even if nothing changed
#   HEAP_FACTOR=N       -Xmx as N times the file size (default 1 for mycelian, 4 for chat)
#   BUILD_ONLY=1        build and generate the file if needed, then stop (for scripts that run the classes themselves)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

TARGET_MB="${TARGET_MB:-1100}"
MVN_FLAGS="${MVN_FLAGS:-}"
CP_FILE="importers/target/bench.classpath"
STAMP="importers/target/bench.stamp"
LIB="importers/target/bench-lib"   # a private copy of the runtime classpath
KIND="${KIND:-mycelian}"
case "$KIND" in
    mycelian) GENERATOR=MycelianLogGenerator; DEFAULT_DATA=bench-data/mycelian-1g.log; FACTOR=1 ;;
    chat)     GENERATOR=ChatJsonlGenerator;   DEFAULT_DATA=bench-data/chat-1g.jsonl;   FACTOR=4 ;;
    *) echo "KIND must be mycelian or chat" >&2; exit 2 ;;
esac
DATA="${1:-$DEFAULT_DATA}"

# --- build if needed -------------------------------------------------------------------------------------
needs_build() {
    [[ "${FORCE_BUILD:-}" == 1 ]] && return 0
    [[ -f "$CP_FILE" && -f "$STAMP" ]] || return 0
    [[ -f "$LIB/test-classes/dev/tracedeck/importers/bench/ImportBenchmark.class" ]] || return 0
    [[ -n "$(find pom.xml trace-model/pom.xml trace-model/src/main importers/pom.xml importers/src -newer "$STAMP" -type f -print -quit)" ]]
}
if needs_build; then
    echo ">> building (mvnw install -DskipTests for importers and what it needs, then its test classes and classpath)"
    # Only the modules the benchmark runs on, so work in progress elsewhere (app, sample-logs) can't block it.
    # shellcheck disable=SC2086
    "$ROOT/mvnw" -B -q $MVN_FLAGS -DskipTests -pl importers -am install
    # shellcheck disable=SC2086
    "$ROOT/mvnw" -B -q $MVN_FLAGS -pl importers test-compile dependency:build-classpath -Dmdep.outputFile="$ROOT/$CP_FILE"
    # Copy what the run needs, so a concurrent `mvn install` elsewhere (which rewrites the jars in ~/.m2 and
    # the target/ directories) can't pull a class out from under a long run.
    rm -rf "$LIB"
    mkdir -p "$LIB/jars"
    cp -r importers/target/classes "$LIB/classes"
    cp -r importers/target/test-classes "$LIB/test-classes"
    IFS=: read -r -a JARS < "$CP_FILE" || true
    cp "${JARS[@]}" "$LIB/jars/"
    touch "$STAMP"
fi
CP="$LIB/test-classes:$LIB/classes:$LIB/jars/*"

# --- data ------------------------------------------------------------------------------------------------
if [[ ! -f "$DATA" ]]; then
    if [[ $# -ge 1 ]]; then
        echo "no such file: $DATA" >&2
        exit 2
    fi
    echo ">> generating $DATA (${TARGET_MB} MiB; this takes a minute)"
    mkdir -p "$(dirname "$DATA")"
    java -cp "$CP" dev.tracedeck.importers.bench.$GENERATOR "$DATA" "$TARGET_MB"
fi

[[ "${BUILD_ONLY:-}" == 1 ]] && exit 0

# --- run -------------------------------------------------------------------------------------------------
SIZE=$(stat -c %s "$DATA")
# The heap: the file's size (rounded up to whole MiB) times HEAP_FACTOR: 1 for a Mycelian log, whose dumps repeat
# themselves; 4 for chat JSON Lines, where every message is new and kept (text and content) with its objects.
XMX_MB=$(( (SIZE + 1048575) / 1048576 * ${HEAP_FACTOR:-$FACTOR} ))
PIN=()
if [[ "${NO_TASKSET:-}" != 1 ]] && command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
    PIN=(taskset -c 0)
    CORES="one core (taskset -c 0)"
else
    CORES="all cores (taskset not available or disabled)"
fi

echo ">> importing $DATA: $SIZE bytes, -Xmx${XMX_MB}m, $CORES, nproc=$(nproc)"
# shellcheck disable=SC2086
"${PIN[@]}" java -Xmx"${XMX_MB}m" ${JAVA_OPTS:-} -cp "$CP" dev.tracedeck.importers.bench.ImportBenchmark "$DATA"

#!/usr/bin/env bash
# What the desktop window's FX thread spends on a file that grows (under a private Xvfb, 1280×720):
#  - following (dev.tracedeck.desktop.bench.FollowBenchmark): a ~30 MiB log is opened and followed, then grown step by
#    step; for each reading, the time showing it and the CPU time of the layout pulse after, and each step's FX CPU
#    time with the idle rate subtracted;
#  - WHAT=loading (dev.tracedeck.desktop.bench.LoadingThreadsBenchmark): a million events over a hundred thousand threads
#    handed to the loading view in batches, as an import does; each batch's FX CPU time until the view is laid out.
#
#   scripts/benchmark-follow.sh                          # a generated Mycelian log (38 MiB), followed from 28 MiB on
#   SOURCE=../shared/real-traces/x.jsonl START_MB=2 STEP_KB=16 scripts/benchmark-follow.sh   # another file
#   REF=a32f4ff scripts/benchmark-follow.sh              # the same run against another commit, for a before/after
#   WHAT=loading [REF=…] scripts/benchmark-follow.sh     # the loading view (THREADS, EVENTS, BATCH)
#
# REF builds that commit in a temporary git worktree (through its reactor, nothing installed) with this checkout's
# benchmark class copied in, and removes the worktree after. The generated log goes to the git-ignored bench-data/.
#
# Environment: SOURCE, START_MB (28), STEP_KB (64), STEPS (20), THREADS (100000), EVENTS (1000000), BATCH (20000),
# HEAP (-Xmx, 2g), REF, WHAT (follow or loading), MVN_FLAGS (e.g. -o).
# Needs xvfb-run (apt-get install xvfb).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
START_MB="${START_MB:-28}"
STEP_KB="${STEP_KB:-64}"
STEPS="${STEPS:-20}"
WHAT="${WHAT:-follow}"
BENCHES=(desktop/src/test/java/dev/tracedeck/desktop/bench/FollowBenchmark.java
         desktop/src/test/java/dev/tracedeck/desktop/bench/LoadingThreadsBenchmark.java)
command -v xvfb-run >/dev/null || { echo "benchmark-follow: xvfb-run is needed: apt-get install xvfb" >&2; exit 2; }

if [[ "$WHAT" == follow && -z "${SOURCE:-}" ]]; then
    SOURCE="$ROOT/bench-data/mycelian-32m.log"
    if [[ ! -f "$SOURCE" ]]; then
        echo ">> writing $SOURCE"
        # shellcheck disable=SC2086
        ./mvnw -B -q ${MVN_FLAGS:-} -pl importers -am test-compile dependency:build-classpath \
            -Dmdep.outputFile="$ROOT/importers/target/bench.classpath"
        java -cp "importers/target/test-classes:importers/target/classes:$(cat importers/target/bench.classpath)" \
            dev.tracedeck.importers.bench.MycelianLogGenerator "$SOURCE" 32
    fi
fi
if [[ "$WHAT" == follow ]]; then
    SOURCE="$(cd "$(dirname "$SOURCE")" && pwd)/$(basename "$SOURCE")"
fi

TREE="$ROOT"
if [[ -n "${REF:-}" ]]; then
    TREE="$(mktemp -d "${TMPDIR:-/tmp}/tracedeck-follow-ref.XXXXXX")"
    trap 'git -C "$ROOT" worktree remove --force "$TREE"' EXIT
    git worktree add -q --detach "$TREE" "$REF"
    mkdir -p "$TREE/$(dirname "${BENCHES[0]}")"
    for bench in "${BENCHES[@]}"; do cp "$bench" "$TREE/$bench"; done
fi
cd "$TREE"
echo ">> building $(git rev-parse --short HEAD)${REF:+ (REF=$REF)}"
# Through the reactor, so the modules are this tree's classes, not whatever jars ~/.m2 holds.
# shellcheck disable=SC2086
./mvnw -B -q ${MVN_FLAGS:-} -pl desktop -am test-compile dependency:build-classpath -Dmdep.outputFile="$TREE/desktop/target/bench.classpath"
CP="desktop/target/test-classes:desktop/target/classes:$(cat desktop/target/bench.classpath)"
case "$WHAT" in
    follow) RUN=(dev.tracedeck.desktop.bench.FollowBenchmark "$SOURCE" "$START_MB" "$STEP_KB" "$STEPS") ;;
    loading) RUN=(dev.tracedeck.desktop.bench.LoadingThreadsBenchmark "${THREADS:-100000}" "${EVENTS:-1000000}" "${BATCH:-20000}") ;;
    *) echo "benchmark-follow: WHAT is follow or loading, not $WHAT" >&2; exit 2 ;;
esac
xvfb-run -a -s "-screen 0 1280x720x24" java -Xmx"${HEAP:-2g}" -cp "$CP" "${RUN[@]}"

#!/usr/bin/env bash
# The timeline at scale: a JSON Lines file of short chat conversations with five million events (written once into
# the git-ignored bench-data/) is imported with its events signed beside the import (against the import alone),
# put in the timeline's view-model and checked as the app does. Searches right after the import, the checks running,
# and then narrowing to a thread, hiding a kind, searching, showing only flagged events and jumping to a hidden
# finding are timed until their rows are shown, with the longest the FX thread's stand-in was kept busy meanwhile,
# against one plain pass of the same filter over the events. Aim: 300 ms per action, the window never held longer.
#
#   scripts/benchmark-scale.sh                    # bench-data/chat-5m-events.jsonl
#   EVENTS=1000000 scripts/benchmark-scale.sh     # another count (its own file)
#
# Environment: EVENTS (5000000), HEAP (-Xmx for the run, 8g), MVN_FLAGS (e.g. -o), JAVA_OPTS (more JVM options, e.g.
# -XX:TieredStopAtLevel=1 for the window's quick compiler).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
EVENTS="${EVENTS:-5000000}"
case "$EVENTS" in
    5000000) DATA=bench-data/chat-5m-events.jsonl ;;
    *) DATA="bench-data/chat-${EVENTS}-events.jsonl" ;;
esac
# Through the reactor, so the modules are this checkout's classes, not whatever jars ~/.m2 holds; app writes last.
# shellcheck disable=SC2086
./mvnw -B -q ${MVN_FLAGS:-} -pl desktop -am test-compile dependency:build-classpath -Dmdep.outputFile="$ROOT/desktop/target/bench.classpath"
# shellcheck disable=SC2086
exec java -Xmx"${HEAP:-8g}" ${JAVA_OPTS:-} -cp "desktop/target/test-classes:desktop/target/classes:$(cat desktop/target/bench.classpath)" \
  dev.tracedeck.desktop.bench.TimelineScaleBenchmark "$DATA" "$EVENTS"

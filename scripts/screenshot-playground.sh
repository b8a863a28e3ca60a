#!/usr/bin/env bash
# Renders the prune playground at 1280x720 to a PNG, opened from the main window as a user would (Ctrl+Shift+P), on
# the file's thread with the longest history at its last point, the first message a strategy touched selected.
# Needs Xvfb (apt-get install xvfb) and a build with test classes (./mvnw -B -o -q install -DskipTests).
#
#   scripts/screenshot-playground.sh OUT.png [light] FILE [STRATEGY...]
#   scripts/screenshot-playground.sh /tmp/playground.png sample-logs/mycelian/protocol-violations.log 'sliding_window(12)' repair_orphans
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
CP="desktop/target/classes:desktop/target/test-classes:$(ls app/target/lib/*.jar | grep -v /desktop- | tr '\n' ':')"
exec xvfb-run -a -s "-screen 0 1600x1000x24" java -cp "$CP" dev.tracedeck.desktop.prune.PlaygroundGallery "$@"

#!/usr/bin/env bash
# Takes a picture of File ▸ Align Runs… on the given runs, opened from the main window as a user would, at a window
# size (the picture in docs/align.md: 1280x720 on sample-logs/align/smolagents/benchmark-runs.jsonl). Needs Xvfb
# (apt-get install xvfb), the desktop module's classes and test classes (the command below builds both),
# and its class path, written by: ./mvnw -B -q test-compile dependency:build-classpath -pl desktop -am -Dmdep.outputFile=target/cp.txt
#
#   scripts/screenshot-align.sh OUT.png WxH FILE...
#   scripts/screenshot-align.sh docs/align.png 1280x720 sample-logs/align/smolagents/benchmark-runs.jsonl
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
CP="desktop/target/classes:desktop/target/test-classes:$(cat desktop/target/cp.txt)"
exec xvfb-run -a -s "-screen 0 1920x1200x24" java -cp "$CP" dev.tracedeck.desktop.align.AlignGallery "$@"

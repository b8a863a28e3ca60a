#!/usr/bin/env bash
# Draws the run tree and the transcript of one sample of each format a user most often opens them on (a Claude Code
# session with sub-agents, a Codex rollout, a Langfuse export, a Phoenix trace, an Inspect log, an ATIF trajectory),
# at 1280×720 and 1920×1080, with `tracedeck render`: no display needed. The 1280×720 set is what docs/gallery/ holds.
#
#   scripts/render-gallery.sh [OUT]      # OUT defaults to target/gallery
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$here/target/gallery}"
mkdir -p "$out"
samples=(
  "claude-code:claude-code/inline-sidechains.jsonl"
  "codex:openai-responses/codex-broken-rollout.jsonl"
  "langfuse:langfuse/claude-agent-sdk-export.json"
  "phoenix:phoenix/nested-agent.json"
  "inspect:inspect/two-epochs.eval"
  "atif:atif/openhands-runs.json"
)
for entry in "${samples[@]}"; do
  name="${entry%%:*}"
  file="$here/sample-logs/${entry#*:}"
  for view in tree transcript; do
    for size in 1280x720 1920x1080; do
      "$here/tracedeck" render --no-workspace --view "$view" --size "$size" --scale 1 \
        --out "$out/$name-$view-$size.png" "$file"
    done
  done
done
echo "$out: $(ls "$out" | wc -l) pictures"

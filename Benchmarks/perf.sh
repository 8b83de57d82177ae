#!/usr/bin/env bash
# Performance benchmark: parsing one large feed, fetching many feeds over loopback
# with latency, start-up, the HTML report and the text and Markdown digests against the
# JSON digest, and scaling, side by side with sfeed and curl --parallel on the same data
# in the same run. Prints a table; asserts nothing but item counts.
# Usage: Benchmarks/perf.sh            (full: 100k-item files, 50/500/5000 feeds)
#        Benchmarks/perf.sh --quick    (smaller, for a smoke run)
#        Benchmarks/perf.sh --only many   (only 50/500/5000 feeds over loopback, against curl)
#        Benchmarks/perf.sh --only shared (only the team's method, ../shared/bench/README.md: 500 feeds from its server, the parse beside sfeed, JSON/text/report; the store on, --no-state beside)
#        Benchmarks/perf.sh --only startup   (only the offline demo and validate, beside sfeed_plain)
#        Benchmarks/perf.sh --only store     (only the state store: a first and a later run beside --no-state, on disk and tmpfs; the archive's size; search over 500,000 items)
#        Benchmarks/perf.sh --only formats   (only --format text and markdown beside --format json)
#        Benchmarks/perf.sh --only rules     (only the digest with 20 rules beside it without, and rules test)
#        Benchmarks/perf.sh --only habits    (only the figures tests no longer assert: deep nesting, item memory)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap --bench
# The README's release build: the Swift runtime and Foundation linked in (start-up).
build=(swift build -c release --static-swift-stdlib)
"${build[@]}" --product tributary >&2
"${build[@]}" --product tributary-bench >&2
"${build[@]}" --product tributary-live-bench >&2
bin="$("${build[@]}" --show-bin-path)"
exec python3 Benchmarks/perf.py "$bin" "$@"

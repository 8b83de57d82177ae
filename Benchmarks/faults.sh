#!/usr/bin/env bash
# Reliability benchmark: a digest of 5 healthy sources plus one source per fault mode
# (slow, 500, 429, truncated, HTML, invalid JSON, gzip bomb, endless body, redirect
# loop, file: redirect, DTD bomb), all on a local server on 127.0.0.1. Prints wall time,
# peak memory and each source's status; then a second run against the same server
# (which answers 304 to conditional requests), an HTML report, and a search for the
# test secret in every output, report, recording and cache file. Usage: Benchmarks/faults.sh [timeout-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
timeout_s="${1:-2}"
secret="bench-secret-7f3a9c21e4"
work="$(mktemp -d /tmp/tributary-faults.XXXXXX)"
trap 'kill "${server_pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT

swift build -c release --product tributary >&2
swift build -c release --product tributary-bench >&2
bin="$(swift build -c release --show-bin-path)"

"$bin/tributary-bench" serve --url-file "$work/url" --lifetime 300 >/dev/null &
server_pid=$!
for _ in $(seq 100); do [[ -s "$work/url" ]] && break; sleep 0.05; done
url="$(cat "$work/url")"

python3 - "$url" "$work/feeds.json" <<'PY'
import json, sys
url, out = sys.argv[1], sys.argv[2]
sources = [{"id": f"healthy-{i}", "type": "stackoverflow", "tags": ["swift"], "baseURL": f"{url}/healthy/{i}", "key": "${STACKEXCHANGE_KEY}"} for i in range(5)]
for mode in ["slow", "500", "429", "truncated", "html", "invalid-json", "bomb", "endless", "loop", "file-redirect"]:
    sources.append({"id": f"fault-{mode}", "type": "stackoverflow", "tags": ["swift"], "baseURL": f"{url}/{mode}", "key": "${STACKEXCHANGE_KEY}"})
sources.append({"id": "fault-dtd-bomb", "type": "feed", "url": f"{url}/dtd-bomb"})
json.dump({"title": "Fault benchmark", "limit": 0, "sources": sources}, open(out, "w"), indent=1)
PY

run() {
  local name="$1"; shift
  set +e
  STACKEXCHANGE_KEY="$secret" /usr/bin/time -v -o "$work/$name.time" \
    "$bin/tributary" digest --config "$work/feeds.json" --timeout "$timeout_s" --cache-dir "$work/cache" --format json "$@" \
    >"$work/$name.json" 2>"$work/$name.err"
  echo $? >"$work/$name.code"
  set -e
}

run first
stats_first="$(curl -s "$url/stats")"
run second --record "$work/recording"
stats_second="$(curl -s "$url/stats")"
STACKEXCHANGE_KEY="$secret" "$bin/tributary" report --config "$work/feeds.json" --timeout "$timeout_s" --cache-dir "$work/cache" \
  --out "$work/report.html" -v 2>"$work/report.err" || true

python3 - "$work" "$timeout_s" "$stats_first" "$stats_second" <<'PY'
import json, re, sys
work, timeout_s, first_stats, second_stats = sys.argv[1], float(sys.argv[2]), json.loads(sys.argv[3]), json.loads(sys.argv[4])
def measure(name):
    text = open(f"{work}/{name}.time").read()
    wall = re.search(r"Elapsed \(wall clock\) time .*: (?:(\d+):)?(\d+(?:\.\d+)?)$", text, re.M)
    seconds = float(wall.group(1) or 0) * 60 + float(wall.group(2))
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    return seconds, rss_kb / 1024
first, second = json.load(open(f"{work}/first.json")), json.load(open(f"{work}/second.json"))
w1, m1 = measure("first"); w2, m2 = measure("second")
print(f"{'source':<22} {'status':<8} message")
for s in first["sources"]:
    print(f"{s['id']:<22} {s['status']:<8} {s['itemCount']:>3} items  {(s['message'] or '')[:90]}")
healthy = [s for s in first["sources"] if s["id"].startswith("healthy")]
print()
print(f"run      exit  wall (s)  peak RSS (MB)  items")
print(f"first    {open(work+'/first.code').read().strip():>4}  {w1:8.2f}  {m1:13.1f}  {len(first['items'])}")
print(f"second   {open(work+'/second.code').read().strip():>4}  {w2:8.2f}  {m2:13.1f}  {len(second['items'])}")
print(f"bound: wall < 2 x timeout = {2 * timeout_s:.1f} s: {'met' if max(w1, w2) < 2 * timeout_s else 'MISSED'}; peak RSS < 150 MB: {'met' if max(m1, m2) < 150 else 'MISSED'}")
print(f"healthy sources ok: {sum(s['status'] == 'ok' for s in healthy)}/5; faulty sources failed with a reason: {sum(s['status'] == 'failed' and bool(s['message']) for s in first['sources'] if not s['id'].startswith('healthy'))}/{len(first['sources']) - 5}")
full_second = second_stats["full"] - first_stats["full"]
print(f"second run: full downloads {full_second}, 304s {second_stats['notModified'] - first_stats['notModified']}; same items: {[i['id'] for i in first['items']] == [i['id'] for i in second['items']]}")
PY

if grep -rl "$secret" "$work"/*.json "$work"/*.err "$work/report.html" "$work/recording" "$work/cache" 2>/dev/null | grep -v feeds.json; then
  echo "secret found in the files above: FAILED"; exit 1
else
  echo "secret search across output, stderr, the HTML report, recordings and cache: nothing found ($(wc -c <"$work/report.html") byte report)"
fi

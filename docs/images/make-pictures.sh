#!/usr/bin/env bash
# The README's pictures, made with the project's own commands (after `make test` or `make demo`):
#   board.png     monopoli state --png, from the database of a seeded demo
#   page.png      the live board page of the same demo in round 30 (monopoli demo --web), shot by Debian's
#                 headless chromium
#   planning.png  monopoli simulate --seconds-per-throw --slot --plot
# Usage: docs/images/make-pictures.sh   (from anywhere; writes into docs/images/)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=.venv/bin
out=docs/images
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
port=8765

$bin/monopoli demo --players 4 --seed 3 --speed 4 --max-rounds 45 --quiet --db "$tmp/demo.db" \
    --web "127.0.0.1:$port" > "$tmp/demo.log" &
demo=$!
round() {  # the round the page shows now (0 before the game starts)
    $bin/python -c "import json, urllib.request; b = json.load(urllib.request.urlopen(
        'http://127.0.0.1:$port/state.json'))['boards']; print(b['main']['round'] if b else 0)" 2>/dev/null || echo 0
}
until [ "$(round)" -ge 30 ]; do  # the page in the middle of the game, live
    kill -0 "$demo" 2>/dev/null || { cat "$tmp/demo.log"; exit 1; }
    sleep 0.5
done
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --hide-scrollbars --user-data-dir="$tmp/chromium" \
    --window-size=1600,1000 --screenshot="$out/page.png" "http://127.0.0.1:$port/" 2>/dev/null
until grep -q "stays up" "$tmp/demo.log"; do
    kill -0 "$demo" 2>/dev/null || { cat "$tmp/demo.log"; exit 1; }
    sleep 0.5
done
kill -INT "$demo"
wait "$demo"

$bin/monopoli state --db "$tmp/demo.db" --png "$out/board.png"
$bin/monopoli simulate --rules prom,classic --players 4,6 --games 500 --seed 7 --jobs 2 \
    --seconds-per-throw 25 --slot 120m --plot "$out/planning.png"
echo "pictures written to $out"

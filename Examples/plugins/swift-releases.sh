#!/bin/sh
# A Tributary exec plugin in a few lines of sh: one JSON item per line, read from the
# tab-separated file beside it (date, title, url). Tributary runs it in the folder
# holding feeds.json and gives it the entry as JSON on standard input (unused here).
set -eu
data="${0%/*}/swift-releases.tsv"  # beside this script (no external command: PATH may be bare)
while IFS='	' read -r published title url; do
    printf '{"id": "%s", "title": "%s", "url": "%s", "published": "%s", "author": "Swift project"}\n' \
        "$url" "$title" "$url" "$published"
done < "$data"

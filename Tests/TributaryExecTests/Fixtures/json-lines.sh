#!/bin/sh
# Echoes the entry it was given as the first item's summary, then two more items; one diagnostic line.
entry=$(cat)
echo "fixture: starting" >&2
printf '{"id": "echo", "title": "Entry", "url": "https://example.com/echo", "summary": %s}\n' "$(printf '%s' "$entry" | sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$/"/')"
echo '{"id": 7, "title": "Photo", "url": "https://example.com/p", "kind": "photo", "score": 4.5, "published": "2026-11-21T10:30:00.250Z", "tags": ["x", "y"], "thumbnail": "https://example.com/t.jpg"}'
echo ''
echo '{"title": "Odd kind", "url": "javascript:alert(1)", "kind": "video", "enclosures": [{"url": "https://example.com/e.mp3", "mimeType": "audio/mpeg", "length": 100, "duration": 60}, {"url": "javascript:alert(1)"}, {"url": "https://example.com/e.txt", "length": null}]}'
echo "fixture: done" >&2

#!/bin/sh
# Writes a JSON Feed 1.1 document after reading the entry from standard input.
cat > /dev/null
cat <<'JSON'
{
  "version": "https://jsonfeed.org/version/1.1",
  "title": "Fixture feed",
  "items": [
    {"id": "1", "url": "https://example.com/one", "title": "First", "content_text": "Hello", "date_published": "2026-11-20T09:00:00Z", "tags": ["a"]},
    {"id": "2", "url": "https://example.com/two", "title": "Second"}
  ]
}
JSON

#!/bin/sh
echo '{"id": "1", "title": "Fine", "url": "https://example.com/1"}'
echo '{"id": "2", "title": "Broken"'
